import surface from '@/ui/surface.module.css'
import text from '@/ui/text.module.css'
import { cx } from '@/ui/class-names'
import styles from './card-skeletons.module.css'
import { Skeleton } from './skeleton'

/**
 * The shape of the cards to come instead of a spinner (issue 17): the page keeps its layout
 * while the feed loads. The spec's loading text stays, as one small line above them.
 */
export function CardSkeletons({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div className={styles.list} role="status" data-skeleton>
      <p className={cx(text.body2, text.secondary)}>{label}</p>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={surface.card} aria-hidden="true">
          <div className={surface.cardContent}>
            <div className={styles.header}>
              <Skeleton variant="circular" width={40} height={40} />
              <div className={styles.lines}>
                <Skeleton width="70%" height={28} />
                <Skeleton width="40%" />
              </div>
            </div>
            <Skeleton />
            <Skeleton width="85%" />
            <Skeleton variant="rounded" height={44} className={styles.actions} />
          </div>
        </div>
      ))}
    </div>
  )
}
