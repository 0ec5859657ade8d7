import refreshPaths from '@mui/icons-material/Refresh?svg-paths'
import type { CSSProperties } from 'react'
import { SvgIcon } from '@/ui/svg-icon'
import styles from './pull-to-refresh.module.css'
import { PULL_THRESHOLD, usePullToRefresh } from './use-pull-to-refresh'

/** The wall's and the testimonies' pull-to-refresh (issue 17), with its arrow while pulling. */
export function PullToRefresh({ onRefresh }: { onRefresh: () => unknown }) {
  const pulled = usePullToRefresh(onRefresh)
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
      {ready ? 'Release to refresh' : 'Pull to refresh'}
    </div>
  )
}
