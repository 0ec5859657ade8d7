import { REPORT_MESSAGES } from '@contract/reports'
import type { RoomDetail } from '@contract/rooms'
import MoreVert from '@mui/icons-material/MoreVert'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useId, useState } from 'react'
import { ReportDialog } from '@/components/report-dialog'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { reportRoom, useCloseRoom } from '../api/room-moderation'
import { RemoveMemberDialog } from './remove-member-dialog'

type Open = 'menu' | 'close' | 'remove' | 'report' | null

/** The room's menu: close and remove for its leader and moderators, report for everyone. */
export function RoomActions({ room }: { room: RoomDetail }) {
  const t = useT()
  const [open, setOpen] = useState<Open>(null)
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [reported, setReported] = useState(false)
  const close = useCloseRoom(room.room_id)
  const menuId = useId()
  const closeTitleId = useId()
  const live = room.state === 'live'
  const choose = (next: Open) => () => setOpen(next)
  return (
    <>
      <IconButton
        aria-label={t('Room options')}
        aria-haspopup="true"
        aria-controls={open === 'menu' ? menuId : undefined}
        aria-expanded={open === 'menu'}
        onClick={(event) => {
          setAnchor(event.currentTarget)
          setOpen('menu')
        }}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open === 'menu'} onClose={choose(null)}>
        {room.can_moderate && live && (
          <MenuItem onClick={choose('remove')}>{t('Remove someone')}</MenuItem>
        )}
        {room.can_moderate && live && (
          <MenuItem onClick={choose('close')}>{t('Close room')}</MenuItem>
        )}
        <MenuItem onClick={choose('report')} disabled={reported}>
          {reported ? t('Reported (room)') : t('Report room')}
        </MenuItem>
      </Menu>
      {reported && (
        <Alert severity="success" onClose={() => setReported(false)} sx={{ mt: 1 }}>
          {translateText(REPORT_MESSAGES.thanks)}
        </Alert>
      )}
      <RemoveMemberDialog roomId={room.room_id} open={open === 'remove'} onClose={choose(null)} />
      <Dialog open={open === 'close'} onClose={choose(null)} aria-labelledby={closeTitleId}>
        <DialogTitle id={closeTitleId}>{t('Close this session?')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('Everyone leaves the room now. A weekly room opens again at its next time.')}
          </DialogContentText>
          {close.isError && (
            <Alert severity="error">{t('The room could not be closed. Please try again.')}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={choose(null)}>{t('Keep it open')}</Button>
          <Button
            color="error"
            disabled={close.isPending}
            onClick={() => close.mutate(undefined, { onSuccess: choose(null) })}
          >
            {t('Close room')}
          </Button>
        </DialogActions>
      </Dialog>
      <ReportDialog
        open={open === 'report'}
        onClose={choose(null)}
        onSubmit={async (body) => {
          await reportRoom(room.room_id, body)
          setReported(true)
          setOpen(null)
        }}
      />
    </>
  )
}
