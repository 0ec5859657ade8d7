import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { notSentYet } from '@/lib/outbox/not-sent-yet'
import { useOutbox } from '@/lib/outbox/use-outbox'

/**
 * Comments written offline on this prayer, waiting in the outbox (DESIGN §6): shown where the
 * member wrote them, marked Pending, until the replay posts them into the thread.
 */
export function PendingComments({ intentionId }: { intentionId: string }) {
  const t = useT()
  const { queue } = useOutbox()
  const waiting = queue.flatMap((entry) =>
    entry.write.kind === 'comment' && entry.write.intentionId === intentionId
      ? [
          {
            id: entry.id,
            content: entry.write.content,
            notSent: notSentYet(entry.attempts, entry.lastError),
          },
        ]
      : [],
  )
  if (waiting.length === 0) return null
  return (
    <Stack
      component="ul"
      aria-label={t('Comments waiting to be sent')}
      spacing={1}
      sx={{ m: 0, p: 0 }}
    >
      {waiting.map((comment) => (
        <Stack
          component="li"
          key={comment.id}
          direction="row"
          spacing={1}
          sx={{ listStyle: 'none', alignItems: 'flex-start', opacity: 0.8 }}
        >
          <Stack sx={{ flex: 1 }}>
            <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
              {comment.content}
            </Typography>
            {comment.notSent && (
              <Typography variant="caption" color="text.secondary">
                {translateText(comment.notSent)}
              </Typography>
            )}
          </Stack>
          <Chip size="small" variant="outlined" label={t('Pending')} />
        </Stack>
      ))}
    </Stack>
  )
}
