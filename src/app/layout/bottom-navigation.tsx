import accountCirclePaths from '@mui/icons-material/AccountCircle?svg-paths'
import accountCircleOutlinedPaths from '@mui/icons-material/AccountCircleOutlined?svg-paths'
import { Link, useRouter, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useId, useState } from 'react'
import { useT } from '@/i18n/use-t'
import { cx } from '@/ui/class-names'
import { SvgIcon } from '@/ui/svg-icon'
import styles from './bottom-navigation.module.css'
import { isDestinationActive, MEMBER_DESTINATIONS, splitPlaces } from './member-destinations'
import { useHiddenOnScrollDown } from './use-hidden-on-scroll-down'

const loadMeMenu = () => import('./account-menu-popup')
const AccountMenuPopup = lazy(loadMeMenu)

/** The bar's height above the safe area; the layout leaves this much room under the content. */
export const BOTTOM_BAR_HEIGHT = 64

/**
 * Issue 17 (ADR 0013): on phones a signed-in member moves between the app's places with one
 * thumb. Hidden from 600 px up, where the top bar holds everything. Plain links and a CSS module:
 * the bar is on the wall's first screen (ADR 0025); Me's menu is MUI, loaded when reached for.
 */
export function BottomNavigation() {
  const t = useT()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [meAnchor, setMeAnchor] = useState<HTMLElement | null>(null)
  const meId = useId()
  const meMenuId = useId()
  const meOpen = meAnchor !== null
  const router = useRouter()
  // After the router's own restoration (it subscribed first, at its creation): the page's place.
  const onPageShown = useCallback(
    (listener: () => void) => router.subscribe('onRendered', listener),
    [router],
  )
  const scrolledAway = useHiddenOnScrollDown(onPageShown)
  const { bar, inMe } = splitPlaces(MEMBER_DESTINATIONS)
  // Me is lit while its menu is open or the member is on one of the places it holds.
  const meLit = meOpen || inMe.some((destination) => isDestinationActive(destination, pathname))
  return (
    <nav
      aria-label={t('App')}
      data-bottom-bar
      // Never away while its menu is open; a keyboard's focus brings it back (the CSS module).
      data-scrolled-away={(scrolledAway && !meOpen) || undefined}
      className={styles.bar}
    >
      {bar.map((destination) => {
        const active = isDestinationActive(destination, pathname)
        return (
          <Link
            key={destination.to}
            to={destination.to}
            aria-current={active ? 'page' : undefined}
            className={styles.item}
          >
            <SvgIcon
              paths={active ? destination.activeIcon : destination.icon}
              fontSize="inherit"
              className={destination.primary ? styles.primaryIcon : styles.icon}
            />
            <span className={styles.label}>{t(destination.label)}</span>
          </Link>
        )
      })}
      <button
        type="button"
        id={meId}
        aria-haspopup="true"
        aria-expanded={meOpen}
        aria-controls={meOpen ? meMenuId : undefined}
        onPointerEnter={loadMeMenu}
        onFocus={loadMeMenu}
        onClick={(event) => setMeAnchor(event.currentTarget)}
        className={cx(styles.item, meLit && styles.lit)}
      >
        <SvgIcon
          paths={meLit ? accountCirclePaths : accountCircleOutlinedPaths}
          fontSize="inherit"
          className={styles.icon}
        />
        <span className={styles.label}>{t('Me')}</span>
      </button>
      <Suspense fallback={null}>
        {meOpen && (
          <AccountMenuPopup
            id={meMenuId}
            labelledBy={meId}
            anchor={meAnchor}
            places={inMe}
            onClose={() => setMeAnchor(null)}
          />
        )}
      </Suspense>
    </nav>
  )
}
