import menuPaths from '@mui/icons-material/Menu?svg-paths'
import { useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { IconButton } from '@/ui/icon-button'
import { SvgIcon } from '@/ui/svg-icon'
import { appName, BrandLink } from './brand-link'
import { useT } from '@/i18n/use-t'
import { pageTitleOf } from './member-destinations'
import styles from './phone-top-bar.module.css'
import { TopBar } from './top-bar'

const loadMenu = () => import('./site-menu-popup')
const SiteMenuPopup = lazy(loadMenu)

/**
 * A signed-in member's header on a phone (issue 17, ADR 0013): the logo, the page's name, the
 * bell and one menu with Features, About and Contact. The member's own menu is "Me" in the
 * bottom bar. Plain markup and the light primitives: the bar is on the wall's first screen
 * (ADR 0025); its menu is MUI, loaded when reached for.
 */
export function PhoneTopBar({ bell }: { bell: ReactNode }) {
  const t = useT()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const title = pageTitleOf(pathname)
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const buttonId = useId()
  const menuId = useId()
  const open = anchor !== null
  return (
    <TopBar>
      <div className={styles.toolbar}>
        <BrandLink compact />
        {/* The page's name, or the community's own name (never translated) on a page without one. */}
        <p className={styles.title} translate={title ? undefined : 'no'}>
          {title ? t(title) : appName}
        </p>
        <nav aria-label={t('Main')} className={styles.nav}>
          {bell}
          <IconButton
            id={buttonId}
            color="inherit"
            aria-label={t('Menu')}
            aria-haspopup="true"
            aria-controls={open ? menuId : undefined}
            aria-expanded={open}
            onPointerEnter={loadMenu}
            onFocus={loadMenu}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <SvgIcon paths={menuPaths} />
          </IconButton>
        </nav>
      </div>
      <Suspense fallback={null}>
        {open && (
          <SiteMenuPopup
            id={menuId}
            labelledBy={buttonId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        )}
      </Suspense>
    </TopBar>
  )
}
