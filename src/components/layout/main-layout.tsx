import Box from '@mui/material/Box'
import type { ReactNode } from 'react'
import { useSession } from '@/lib/session'
import { BOTTOM_BAR_HEIGHT, BottomNavigation } from './bottom-navigation'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { mainContentId, SkipLink } from './skip-link'
import { usePhoneLayout } from './use-phone-layout'

type MainLayoutProps = {
  // spec 000 §2: the email-verification banner sits between header and content (hidden on
  // onboarding paths). The accounts issue passes it; until then nothing is rendered here.
  banner?: ReactNode
  children: ReactNode
}

export function MainLayout({ banner, children }: MainLayoutProps) {
  const { isAuthenticated } = useSession()
  const phone = usePhoneLayout()
  const appShell = isAuthenticated && phone
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <SkipLink />
      <SiteHeader />
      {banner}
      <Box
        component="main"
        id={mainContentId}
        tabIndex={-1}
        sx={{
          flex: 1,
          outline: 'none',
          pl: 'env(safe-area-inset-left)',
          pr: 'env(safe-area-inset-right)',
          // The fixed bottom bar must never cover the end of a page.
          pb: appShell
            ? `calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom))`
            : 'env(safe-area-inset-bottom)',
        }}
      >
        {children}
      </Box>
      {/* The website's footer is for visitors; members' pages are the app (issue 17). */}
      {!isAuthenticated && <SiteFooter />}
      {appShell && <BottomNavigation />}
    </Box>
  )
}
