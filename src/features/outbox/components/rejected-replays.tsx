import type { OutboxWrite, RejectedEntry } from '@contract/outbox-entry'
import { dismissRejected } from '@/lib/outbox/outbox-store'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import styles from './rejected-replays.module.css'
import { translateText, type MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

const WHAT: Record<OutboxWrite['kind'], MessageId> = {
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
  const t = useT()
  const { userId, rejected } = useOutbox()
  if (!userId || rejected.length === 0) return null
  const dismiss = (entry: RejectedEntry) => void dismissRejected(userId, entry.id)
  return (
    <section aria-label={t('Not sent')} className={styles.region}>
      {rejected.map((entry) => {
        const text = keptText(entry.write)
        return (
          <Alert
            key={entry.id}
            severity="warning"
            role="alert"
            title={t(WHAT[entry.write.kind])}
            className={styles.refused}
            action={
              <div className={styles.actions}>
                {text !== null && (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void onEdit(entry).then((placed) => placed && dismiss(entry))}
                  >
                    {t('Edit')}
                  </Button>
                )}
                <Button color="inherit" size="small" onClick={() => dismiss(entry)}>
                  {t(text === null ? 'Dismiss' : 'Discard')}
                </Button>
              </div>
            }
          >
            {translateText(entry.message)}
            {text !== null && <blockquote className={styles.kept}>{text}</blockquote>}
          </Alert>
        )
      })}
    </section>
  )
}
