import Box from '@mui/material/Box'
import Toolbar from '@mui/material/Toolbar'
import { lazy, Suspense } from 'react'
import { useSession } from '@/lib/session'
import { ButtonLink } from '../button-link'
import { AccountMenu } from './account-menu'
import { BrandLink } from './brand-link'
import { FeaturesMenu } from './features-menu'
import { PhoneTopBar } from './phone-top-bar'
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
// Issue 17: a signed-in member on a phone gets the compact app bar instead (ADR 0013).
export function SiteHeader() {
  const { isAuthenticated } = useSession()
  const phone = usePhoneLayout()
  const bell = isAuthenticated && (
    <Suspense fallback={null}>
      <NotificationBell settings={<BellPanelSettings />} />
    </Suspense>
  )
  if (isAuthenticated && phone) return <PhoneTopBar bell={bell} />
  return (
    <TopBar>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 0.5 }}>
        <BrandLink />
        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: 'auto' }}
        >
          <FeaturesMenu />
          <ButtonLink to="/" hash="about" color="inherit">
            About
          </ButtonLink>
          <ButtonLink to="/" hash="contact" color="inherit">
            Contact
          </ButtonLink>
          {bell}
          <AccountMenu />
        </Box>
      </Toolbar>
    </TopBar>
  )
}
