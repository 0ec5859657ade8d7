import AppBar from '@mui/material/AppBar'
import type { ReactNode } from 'react'

/**
 * The frame of every header, the spec's and the phone's compact one (issue 17): it stays on top
 * while the page scrolls and keeps its content out of the notch and the status bar.
 */
export function TopBar({ children }: { children: ReactNode }) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
        pt: 'env(safe-area-inset-top)',
        pl: 'env(safe-area-inset-left)',
        pr: 'env(safe-area-inset-right)',
      }}
    >
      {children}
    </AppBar>
  )
}
