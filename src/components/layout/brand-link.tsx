import VolunteerActivism from '@mui/icons-material/VolunteerActivism'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import { Link } from '@tanstack/react-router'

export const appName = 'Prayer Community'

/** The logo, home. `compact`: the mark alone (the phone top bar, which names the page instead). */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <IconButton component={Link} to="/" aria-label={appName} color="secondary">
        <VolunteerActivism aria-hidden />
      </IconButton>
    )
  }
  return (
    <Box
      component={Link}
      to="/"
      sx={{
        display: 'inline-flex',
        minHeight: 44,
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        fontFamily: 'h1.fontFamily',
        fontWeight: 600,
        fontSize: '1.2rem',
        borderRadius: 1,
      }}
    >
      <VolunteerActivism aria-hidden color="secondary" />
      {appName}
    </Box>
  )
}
