import { lazy, Suspense, type ReactElement } from 'react'

// MUI's Tooltip brings its Popper and @popperjs/core, about 10 kB gzip that a phone's first wall
// paint does not need (issue 18): most cards and buttons have no hint. Its code is fetched when
// a hint is first rendered; until then the child shows as it is, and the hint attaches (a
// remount of the child) once the code is here.
const Tooltip = lazy(() => import('@mui/material/Tooltip'))

/** A hover and focus hint that describes its child (MUI Tooltip with `describeChild`). */
export function HintTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title} describeChild>
        {children}
      </Tooltip>
    </Suspense>
  )
}
