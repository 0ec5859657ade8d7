import type { RoomDetail } from '@contract/rooms'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useT } from '@/i18n/use-t'
import { type BringChoice, BringIntentionDialog } from './bring-intention-dialog'

type Props = { room: RoomDetail; bringChoices: BringChoice[] | undefined }

/** A room between sessions: what it will pray for, and a way to add to that. */
export function RoomWaiting({ room, bringChoices }: Props) {
  const t = useT()
  const [bringing, setBringing] = useState(false)
  const open = room.state !== 'ended'
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography>
          {room.state === 'ended'
            ? t('This room has ended.')
            : t('This room is not live now. Come back when it starts; it opens here by itself.')}
        </Typography>
      </Paper>
      <Typography variant="h6" component="h2">
        {t('The room’s prayer list')}
      </Typography>
      {room.intentions.length === 0 ? (
        <Typography color="textSecondary">{t('Nothing has been brought in yet.')}</Typography>
      ) : (
        <List disablePadding>
          {room.intentions.map((intention) => (
            <ListItem key={intention.intention_id} disableGutters>
              <ListItemText
                primary={<bdi>{intention.title}</bdi>}
                secondary={
                  intention.brought_by
                    ? t('Brought by someone', { name: intention.brought_by })
                    : null
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {open && (
        <div>
          <Button variant="outlined" onClick={() => setBringing(true)}>
            {t('Bring an intention')}
          </Button>
        </div>
      )}
      <BringIntentionDialog
        roomId={room.room_id}
        choices={bringChoices}
        open={bringing}
        onClose={() => setBringing(false)}
      />
    </Stack>
  )
}
