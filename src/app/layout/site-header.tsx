import { lazy, Suspense } from 'react'
import { useT } from '@/i18n/use-t'
import { useSession } from '@/lib/session'
import { LightButtonLink } from '@/components/light-button-link'
import { AccountMenu } from './account-menu'
import { BrandLink } from './brand-link'
import { FeaturesMenu } from './features-menu'
import { PhoneTopBar } from './phone-top-bar'
import { SearchButton } from './search-button'
import styles from './site-header.module.css'
import { TopBar } from './top-bar'
import { usePhoneLayout } from './use-phone-layout'

// Members only, so it is its own chunk: visitors (and the landing page's budget) never load it.
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell'))
// The bell panel's system notifications switch (issue 7) and the way to the notification
// settings (issue 13), loaded when the panel first opens.
const BellPanelSettings = lazy(() =>
  import('@/features/push/components/bell-panel-settings').then((module) => ({
    default: module.BellPanelSettings,
  })),
)

// spec 000 §2: header links are the Features menu and the About and Contact anchors.
// Issue 17: a signed-in member on a phone gets the compact app bar instead (ADR 0013). Plain
// markup and the light primitives: the header is on every page (ADR 0025); its menus are MUI,
// loaded when reached for.
export function SiteHeader() {
  const t = useT()
  const { isAuthenticated, isPending } = useSession()
  const phone = usePhoneLayout()
  // Issue 38: a member waiting for approval has no notifications to read yet.
  const bell = isAuthenticated && !isPending && (
    <Suspense fallback={null}>
      <NotificationBell settings={<BellPanelSettings />} />
    </Suspense>
  )
  // Issue 43: search sits beside the bell, on the phone's top bar and the desktop header alike.
  const tools = bell && (
    <>
      <SearchButton />
      {bell}
    </>
  )
  if (isAuthenticated && phone) return <PhoneTopBar bell={tools} />
  return (
    <TopBar>
      <div className={styles.toolbar}>
        <BrandLink />
        <nav aria-label={t('Main')} className={styles.nav}>
          <FeaturesMenu />
          <LightButtonLink to="/" hash="about" color="inherit">
            {t('About')}
          </LightButtonLink>
          <LightButtonLink to="/" hash="contact" color="inherit">
            {t('Contact')}
          </LightButtonLink>
          {tools}
          <AccountMenu />
        </nav>
      </div>
    </TopBar>
  )
}
