import type { PrayerUpdate } from '@contract/prayer-updates'
import { useId } from 'react'
import { formatDay, formatFullDate } from '@/lib/date-formats'
import { Text } from '@/ui/text'
import { ClampedText } from './clamped-text'
import styles from './prayer-updates-timeline.module.css'
import { useT } from '@/i18n/use-t'

/**
 * Issue 20: the author's prayer updates on a request, oldest first, each under its date. Shared
 * by the wall's card and the prayer list's entry; nothing is drawn while there is none.
 */
export function PrayerUpdatesTimeline({ updates = [] }: { updates?: readonly PrayerUpdate[] }) {
  const t = useT()
  const headingId = useId()
  if (updates.length === 0) return null
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('Updates (heading, with the count)', { count: updates.length })}
      </h3>
      <ol className={styles.list}>
        {updates.map((update) => {
          const at = new Date(update.created_at)
          return (
            <li key={update.update_id}>
              <Text variant="caption" secondary as="p">
                {/* A date, not "3d": the timeline reads as a diary (issue 20: "a dated timeline"). */}
                <time dateTime={update.created_at} title={formatFullDate(at)}>
                  {formatDay(at)}
                </time>
              </Text>
              <ClampedText text={update.text} />
            </li>
          )
        })}
      </ol>
    </section>
  )
}
