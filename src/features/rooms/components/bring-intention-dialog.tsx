import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import { useId } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useBringIntention } from '../api/bring-intention'

export type BringChoice = { intention_id: string; title: string }

type Props = {
  roomId: string
  /** The member's prayer list; undefined while it loads. */
  choices: BringChoice[] | undefined
  open: boolean
  onClose: () => void
}

/** Issue 21: a member brings a request from their prayer list into the room's list. */
export function BringIntentionDialog({ roomId, choices, open, onClose }: Props) {
  const t = useT()
  const titleId = useId()
  const bring = useBringIntention(roomId)
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('Bring an intention')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('Choose a request from your prayer list. Everyone in the room will pray for it.')}
        </DialogContentText>
        {bring.isError && (
          <Alert severity="error">
            {bring.error instanceof ApiError
              ? translateText(bring.error.detail)
              : t('It could not be brought in. Please try again.')}
          </Alert>
        )}
        {choices?.length === 0 && (
          <DialogContentText sx={{ mt: 2 }}>
            {t('Your prayer list is empty. Add requests to it from the wall.')}
          </DialogContentText>
        )}
        <List>
          {choices?.map((choice) => (
            <ListItemButton
              key={choice.intention_id}
              disabled={bring.isPending}
              onClick={() => bring.mutate(choice.intention_id, { onSuccess: onClose })}
            >
              <ListItemText primary={<bdi>{choice.title}</bdi>} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
      </DialogActions>
    </Dialog>
  )
}
