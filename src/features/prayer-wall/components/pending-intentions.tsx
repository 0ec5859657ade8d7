import { PendingMark } from '@/components/pending-chip'
import { notSentYet } from '@/lib/outbox/not-sent-yet'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { cx } from '@/ui/class-names'
import surface from '@/ui/surface.module.css'
import { Text } from '@/ui/text'
import { useT } from '@/i18n/use-t'
import type { WallView } from '../wall-views'
import styles from './pending-intentions.module.css'

/**
 * Prayer requests asked for offline, waiting in the outbox (DESIGN §6): shown at the top of the
 * tab they will appear on, marked Pending, until the replay posts them and the feed has them.
 * A list, not articles, so the real card that replaces one is never mistaken for it.
 */
export function PendingIntentions({ view }: { view: WallView }) {
  const t = useT()
  const { queue } = useOutbox()
  const waiting = queue.flatMap(({ id, write, attempts, lastError }) =>
    write.kind === 'intention' &&
    (view === 'wall' || (view === 'groups' && write.body.destination === 'private_group'))
      ? [
          {
            id,
            title: write.body.title,
            details: write.body.details,
            notSent: notSentYet(attempts, lastError),
          },
        ]
      : [],
  )
  if (waiting.length === 0) return null
  return (
    <ul aria-label={t('Prayer requests waiting to be sent')} className={styles.list}>
      {waiting.map((request) => (
        <li key={request.id} className={cx(surface.card, styles.request)}>
          <div className={surface.cardContent}>
            <div className={styles.heading}>
              <Text variant="h6" className={styles.title}>
                {request.title}
              </Text>
              <PendingMark
                title={t('Saved on this device; it will be posted when you are back online')}
              />
            </div>
            <Text variant="body2" secondary className={styles.details}>
              {request.details}
            </Text>
            {request.notSent && (
              <Text variant="body2" className={styles.notSent}>
                {request.notSent}
              </Text>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
