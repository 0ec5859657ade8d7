import volunteerActivismPaths from '@mui/icons-material/VolunteerActivism?svg-paths'
import { Link } from '@tanstack/react-router'
import { communityPage } from '@/lib/community-page'
import { cx } from '@/ui/class-names'
import iconButtonStyles from '@/ui/icon-button.module.css'
import { SvgIcon } from '@/ui/svg-icon'
import styles from './brand-link.module.css'

/** The community's name (issue 38), as the page the app started in names it. */
export const appName = communityPage.name

/**
 * The logo, home. `compact`: the mark alone (the phone top bar, which names the page instead).
 * A router link drawn with src/ui's CSS: it is in every header, the wall's first screen
 * included (ADR 0025).
 */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <Link
        to="/"
        aria-label={appName}
        translate="no"
        className={cx(iconButtonStyles.iconButton, styles.mark)}
      >
        <SvgIcon paths={volunteerActivismPaths} />
      </Link>
    )
  }
  return (
    <Link to="/" className={styles.brand}>
      <SvgIcon paths={volunteerActivismPaths} className={styles.icon} />
      {/* The community's own name: never translated, isolated in a right-to-left header. */}
      <bdi translate="no">{appName}</bdi>
    </Link>
  )
}
