import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

// Every page of the auth card opens with one h1 of the same size (the card's tab names the app).
export function AuthTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1.5 }}>
      {children}
    </Typography>
  )
}
