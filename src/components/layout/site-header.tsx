import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Toolbar from '@mui/material/Toolbar'
import { ButtonLink } from '../router-links'
import { AccountMenu } from './account-menu'
import { BrandLink } from './brand-link'
import { FeaturesMenu } from './features-menu'

// spec 000 §2: header links are the Features menu and the About and Contact anchors.
export function SiteHeader() {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 0.5 }}>
        <BrandLink />
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: 'auto' }}>
          <FeaturesMenu />
          <ButtonLink to="/" hash="about" color="inherit">
            About
          </ButtonLink>
          <ButtonLink to="/" hash="contact" color="inherit">
            Contact
          </ButtonLink>
          <AccountMenu />
        </Box>
      </Toolbar>
    </AppBar>
  )
}
