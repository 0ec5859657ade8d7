import MenuIcon from '@mui/icons-material/Menu'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { appName, BrandLink } from './brand-link'
import { pageTitleOf } from './member-destinations'
import { TopBar } from './top-bar'

const loadMenu = () => import('./site-menu-popup')
const SiteMenuPopup = lazy(loadMenu)

/** With its 1 px border the bar is 56 px (issue 17's limit), below the status bar's safe area. */
export const PHONE_TOP_BAR_HEIGHT = 55

/**
 * A signed-in member's header on a phone (issue 17, ADR 0013): the logo, the page's name, the
 * bell and one menu with Features, About and Contact. The member's own menu is "Me" in the
 * bottom bar.
 */
export function PhoneTopBar({ bell }: { bell: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const buttonId = useId()
  const menuId = useId()
  const open = anchor !== null
  return (
    <TopBar>
      <Toolbar
        disableGutters
        sx={{ minHeight: PHONE_TOP_BAR_HEIGHT, height: PHONE_TOP_BAR_HEIGHT, px: 0.5, gap: 0.5 }}
      >
        <BrandLink compact />
        <Typography
          component="p"
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: 'h1.fontFamily',
            fontWeight: 600,
            fontSize: '1.15rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {pageTitleOf(pathname) ?? appName}
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center' }}>
          {bell}
          <IconButton
            id={buttonId}
            color="inherit"
            aria-label="Menu"
            aria-haspopup="true"
            aria-controls={open ? menuId : undefined}
            aria-expanded={open}
            onPointerEnter={loadMenu}
            onFocus={loadMenu}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <MenuIcon aria-hidden />
          </IconButton>
        </Box>
      </Toolbar>
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
