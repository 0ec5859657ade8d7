import type { ReactNode } from 'react'
import { useSession } from '@/lib/session'
import { BOTTOM_BAR_HEIGHT, BottomNavigation } from './bottom-navigation'
import styles from './main-layout.module.css'
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

// Plain markup and a CSS module: the layout is on every page, the wall's first screen included
// (ADR 0025).
export function MainLayout({ banner, children }: MainLayoutProps) {
  const { isAuthenticated } = useSession()
  const phone = usePhoneLayout()
  const appShell = isAuthenticated && phone
  return (
    <div className={styles.layout}>
      <SkipLink />
      <SiteHeader />
      {banner}
      <main
        id={mainContentId}
        tabIndex={-1}
        className={styles.main}
        // The fixed bottom bar must never cover the end of a page.
        style={
          appShell
            ? { paddingBottom: `calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom))` }
            : undefined
        }
      >
        {children}
      </main>
      {/* The website's footer is for visitors; members' pages are the app (issue 17). */}
      {!isAuthenticated && <SiteFooter />}
      {appShell && <BottomNavigation />}
    </div>
  )
}
