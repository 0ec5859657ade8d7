import refreshPaths from '@mui/icons-material/Refresh?svg-paths'
import type { CSSProperties, RefObject } from 'react'
import { SvgIcon } from '@/ui/svg-icon'
import styles from './pull-to-refresh.module.css'
import { PULL_THRESHOLD, usePullToRefresh } from './use-pull-to-refresh'
import { useT } from '@/i18n/use-t'

/**
 * Pull-to-refresh with its arrow while pulling (issues 17 and 47): the wall's and the
 * testimonies' on the page, or a panel's when given the element its list scrolls in. Placed at
 * the top of what it refreshes; a keyboard or a mouse refreshes through the page's own controls.
 */
export function PullToRefresh({
  onRefresh,
  container,
}: {
  onRefresh: () => unknown
  container?: RefObject<HTMLElement | null>
}) {
  const t = useT()
  const pulled = usePullToRefresh(onRefresh, container)
  if (pulled === 0) return null
  const ready = pulled >= PULL_THRESHOLD
  const style = { height: pulled / 1.5, '--turn': `${(pulled / PULL_THRESHOLD) * 270}deg` }
  return (
    <div
      role="status"
      aria-live="polite"
      className={styles.indicator}
      style={style as CSSProperties}
    >
      <SvgIcon paths={refreshPaths} className={styles.arrow} />
      {t(ready ? 'Release to refresh' : 'Pull to refresh')}
    </div>
  )
}
