import AccountCircle from '@mui/icons-material/AccountCircle'
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined'
import Box from '@mui/material/Box'
import ButtonBase, { type ButtonBaseProps } from '@mui/material/ButtonBase'
import { createLink, useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { isDestinationActive, MEMBER_DESTINATIONS, splitPlaces } from './member-destinations'

const loadMeMenu = () => import('./account-menu-popup')
const AccountMenuPopup = lazy(loadMeMenu)

/** The bar's height above the safe area; the layout leaves this much room under the content. */
export const BOTTOM_BAR_HEIGHT = 64

const DestinationLink = createLink((props: ButtonBaseProps<'a'>) => (
  <ButtonBase component="a" {...props} />
))

const itemSx = {
  flex: '1 1 0',
  minWidth: 0,
  minHeight: BOTTOM_BAR_HEIGHT,
  flexDirection: 'column',
  gap: 0.25,
  px: 0.25,
  // Scales down with the screen so "Testimonies" stays on one line in a 64 px slot at 320 px.
  fontSize: 'min(0.75rem, 3vw)',
  fontWeight: 600,
  lineHeight: 1.2,
  textAlign: 'center',
  color: 'text.secondary',
  '&[aria-current="page"]': { color: 'primary.main' },
} as const

function ItemLabel({ children }: { children: ReactNode }) {
  // Breaks between words only ("Ask for / Prayer" at 320 px), never inside one.
  return (
    <Box component="span" sx={{ overflowWrap: 'normal', hyphens: 'none' }}>
      {children}
    </Box>
  )
}

/**
 * Issue 17 (ADR 0013): on phones a signed-in member moves between the app's places with one
 * thumb. Hidden from 600 px up, where the top bar holds everything.
 */
export function BottomNavigation() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [meAnchor, setMeAnchor] = useState<HTMLElement | null>(null)
  const meId = useId()
  const meMenuId = useId()
  const meOpen = meAnchor !== null
  const { bar, inMe } = splitPlaces(MEMBER_DESTINATIONS)
  // Me is lit while its menu is open or the member is on one of the places it holds.
  const meLit = meOpen || inMe.some((destination) => isDestinationActive(destination, pathname))
  return (
    <Box
      component="nav"
      aria-label="App"
      data-bottom-bar
      sx={{
        display: { xs: 'flex', sm: 'none' },
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 'appBar',
        pb: 'env(safe-area-inset-bottom)',
        pl: 'env(safe-area-inset-left)',
        pr: 'env(safe-area-inset-right)',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {bar.map((destination) => {
        const active = isDestinationActive(destination, pathname)
        const Icon = active ? destination.activeIcon : destination.icon
        return (
          <DestinationLink
            key={destination.to}
            to={destination.to}
            aria-current={active ? 'page' : undefined}
            sx={itemSx}
          >
            <Icon
              aria-hidden
              sx={
                destination.primary ? { fontSize: 36, color: 'secondary.main' } : { fontSize: 26 }
              }
            />
            <ItemLabel>{destination.label}</ItemLabel>
          </DestinationLink>
        )
      })}
      <ButtonBase
        id={meId}
        aria-haspopup="true"
        aria-expanded={meOpen}
        aria-controls={meOpen ? meMenuId : undefined}
        onPointerEnter={loadMeMenu}
        onFocus={loadMeMenu}
        onClick={(event) => setMeAnchor(event.currentTarget)}
        sx={[itemSx, meLit && { color: 'primary.main' }]}
      >
        {meLit ? (
          <AccountCircle aria-hidden sx={{ fontSize: 26 }} />
        ) : (
          <AccountCircleOutlined aria-hidden sx={{ fontSize: 26 }} />
        )}
        <ItemLabel>Me</ItemLabel>
      </ButtonBase>
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
    </Box>
  )
}
