import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { PrayerUpdate } from '@contract/prayer-updates'
import { useId } from 'react'
import { formatDay, formatFullDate } from '@/lib/date-formats'
import { ClampedText } from './clamped-text'

/**
 * Issue 20: the author's prayer updates on a request, oldest first, each under its date. Shared
 * by the wall's card and the prayer list's entry; nothing is drawn while there is none.
 */
export function PrayerUpdatesTimeline({ updates = [] }: { updates?: readonly PrayerUpdate[] }) {
  const headingId = useId()
  if (updates.length === 0) return null
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {updates.length === 1 ? 'Update' : `Updates (${updates.length})`}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          mt: 0.5,
          p: 0,
          pl: 1.5,
          borderLeft: 2,
          borderColor: 'divider',
          display: 'grid',
          gap: 1,
        }}
      >
        {updates.map((update) => {
          const at = new Date(update.created_at)
          return (
            <li key={update.update_id}>
              <Typography variant="caption" color="text.secondary" component="p">
                {/* A date, not "3d": the timeline reads as a diary (issue 20: "a dated timeline"). */}
                <time dateTime={update.created_at} title={formatFullDate(at)}>
                  {formatDay(at)}
                </time>
              </Typography>
              <ClampedText text={update.text} />
            </li>
          )
        })}
      </Box>
    </Box>
  )
}
