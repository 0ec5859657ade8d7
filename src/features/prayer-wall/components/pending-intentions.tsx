import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { PendingMark } from '@/components/pending-chip'
import { useOutbox } from '@/lib/outbox/use-outbox'
import type { WallView } from '../wall-views'

/**
 * Prayer requests asked for offline, waiting in the outbox (DESIGN §6): shown at the top of the
 * tab they will appear on, marked Pending, until the replay posts them and the feed has them.
 * A list, not articles, so the real card that replaces one is never mistaken for it.
 */
export function PendingIntentions({ view }: { view: WallView }) {
  const { queue } = useOutbox()
  const waiting = queue.flatMap(({ id, write }) =>
    write.kind === 'intention' &&
    (view === 'wall' || (view === 'groups' && write.body.destination === 'private_group'))
      ? [{ id, title: write.body.title, details: write.body.details }]
      : [],
  )
  if (waiting.length === 0) return null
  return (
    <Stack
      component="ul"
      aria-label="Prayer requests waiting to be sent"
      spacing={2}
      sx={{ m: 0, mb: 2, p: 0 }}
    >
      {waiting.map((request) => (
        <Card component="li" key={request.id} variant="outlined" sx={{ listStyle: 'none' }}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
              <Typography variant="h6" component="p" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                {request.title}
              </Typography>
              <PendingMark title="Saved on this device; it will be posted when you are back online" />
            </Stack>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {request.details}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  )
}
