import Refresh from '@mui/icons-material/Refresh'
import Box from '@mui/material/Box'
import { PULL_THRESHOLD, usePullToRefresh } from './use-pull-to-refresh'

/** The wall's and the testimonies' pull-to-refresh (issue 17), with its arrow while pulling. */
export function PullToRefresh({ onRefresh }: { onRefresh: () => unknown }) {
  const pulled = usePullToRefresh(onRefresh)
  if (pulled === 0) return null
  const ready = pulled >= PULL_THRESHOLD
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 1,
        height: pulled / 1.5,
        overflow: 'hidden',
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      <Refresh aria-hidden sx={{ transform: `rotate(${(pulled / PULL_THRESHOLD) * 270}deg)` }} />
      {ready ? 'Release to refresh' : 'Pull to refresh'}
    </Box>
  )
}
