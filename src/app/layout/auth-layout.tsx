import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { ReactNode } from 'react'
import { DeviceLanguageSelect } from '@/i18n/device-language-select'
import { BrandLink } from './brand-link'
import { mainContentId, SkipLink } from './skip-link'
import { useT } from '@/i18n/use-t'

// spec 000 §2: the authentication layout is a centered card with a Log In tab.
export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 4,
      }}
    >
      <SkipLink />
      <header>
        <BrandLink />
      </header>
      <Box
        component="main"
        id={mainContentId}
        tabIndex={-1}
        sx={{ width: '100%', maxWidth: 460, outline: 'none' }}
      >
        <Card variant="outlined">
          <Tabs value={0} aria-label={t('Account')} variant="fullWidth">
            <Tab label={t('Log In')} id="auth-tab" aria-controls="auth-panel" />
          </Tabs>
          <CardContent
            id="auth-panel"
            role="tabpanel"
            aria-labelledby="auth-tab"
            sx={{ p: { xs: 3, sm: 4 } }}
          >
            {children}
          </CardContent>
        </Card>
      </Box>
      {/* Issue 42: a visitor chooses the language before signing in or up. */}
      <DeviceLanguageSelect />
    </Box>
  )
}
