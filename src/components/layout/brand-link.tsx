import VolunteerActivism from '@mui/icons-material/VolunteerActivism'
import Box from '@mui/material/Box'
import { Link } from '@tanstack/react-router'

export const appName = 'Prayer Community'

export function BrandLink() {
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
