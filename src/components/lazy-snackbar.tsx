import type { SnackbarProps } from '@mui/material/Snackbar'
import { lazy, Suspense, useState } from 'react'

// MUI's Snackbar (with its Grow, ClickAwayListener and content) is code a page needs only once
// it has something to say (issue 18): nothing renders and nothing loads until it first opens;
// from then on it stays mounted, so it closes with its transition.
const MuiSnackbar = lazy(() => import('@mui/material/Snackbar'))

/**
 * False until `open` first turns true, then true for good: when a lazily loaded popup mounts (and
 * its code loads), after which it stays mounted.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened
}

/** MUI's Snackbar, fetched when it first opens. */
export function Snackbar(props: SnackbarProps) {
  const opened = useOpenedOnce(Boolean(props.open))
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <MuiSnackbar {...props} />
    </Suspense>
  )
}
