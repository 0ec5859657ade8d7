import type { OutboxWrite, RejectedEntry } from '@contract/outbox-entry'
import { dismissRejected } from '@/lib/outbox/outbox-store'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import styles from './rejected-replays.module.css'

const WHAT: Record<OutboxWrite['kind'], string> = {
  pray: 'Your prayer was not counted',
  'intention-reaction': 'Your response was not saved',
  'comment-reaction': 'Your reaction to a comment was not saved',
  'testimony-amen': 'Your Amen to a testimony was not saved',
  comment: 'Your comment was not posted',
  intention: 'Your prayer request was not posted',
}

/** The words the member wrote, kept for them (DESIGN §6: nothing typed is lost silently). */
function keptText(write: OutboxWrite): string | null {
  if (write.kind === 'comment') return write.content
  if (write.kind === 'intention') return write.body.title
  return null
}

type RejectedReplaysProps = {
  /** Puts the text back in its form and opens it; resolves false when that was not possible. */
  onEdit: (entry: RejectedEntry) => Promise<boolean>
}

/**
 * Writes made offline that the server refused when they were replayed (422 content policy,
 * 404 removed, 423 closed, 409), each with the server's message and the text it carried:
 * Edit reopens it in its form, Discard lets it go.
 */
export function RejectedReplays({ onEdit }: RejectedReplaysProps) {
  const { userId, rejected } = useOutbox()
  if (!userId || rejected.length === 0) return null
  const dismiss = (entry: RejectedEntry) => void dismissRejected(userId, entry.id)
  return (
    <section aria-label="Not sent" className={styles.region}>
      {rejected.map((entry) => {
        const text = keptText(entry.write)
        return (
          <Alert
            key={entry.id}
            severity="warning"
            role="alert"
            title={WHAT[entry.write.kind]}
            className={styles.refused}
            action={
              <div className={styles.actions}>
                {text !== null && (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void onEdit(entry).then((placed) => placed && dismiss(entry))}
                  >
                    Edit
                  </Button>
                )}
                <Button color="inherit" size="small" onClick={() => dismiss(entry)}>
                  {text === null ? 'Dismiss' : 'Discard'}
                </Button>
              </div>
            }
          >
            {entry.message}
            {text !== null && <blockquote className={styles.kept}>{text}</blockquote>}
          </Alert>
        )
      })}
    </section>
  )
}
