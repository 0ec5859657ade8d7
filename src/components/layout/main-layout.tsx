import Box from '@mui/material/Box'
import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { mainContentId, SkipLink } from './skip-link'

type MainLayoutProps = {
  // spec 000 §2: the email-verification banner sits between header and content (hidden on
  // onboarding paths). The accounts issue passes it; until then nothing is rendered here.
  banner?: ReactNode
  children: ReactNode
}

export function MainLayout({ banner, children }: MainLayoutProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <SkipLink />
      <SiteHeader />
      {banner}
      <Box component="main" id={mainContentId} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  )
}
