import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Checkbox from '@mui/material/Checkbox'
import Typography from '@mui/material/Typography'
import { visuallyHidden } from '@mui/utils'
import { formatFullDate } from '@/lib/date-formats'
import type { ClientNotification } from '../api/get-notifications'
import { firstLine, secondLine } from '../notification-wording'
import { formatNotificationTime } from '../relative-time'

// Spec 000 §4 "Notification read state": unread items have an amber background and a blue dot;
// a selected item is highlighted blue with a left border. Translucent tints read on both the
// light and the dark palette.
const UNREAD_BACKGROUND = 'rgba(255, 179, 0, 0.16)'
const SELECTED_BACKGROUND = 'rgba(30, 136, 229, 0.16)'
const BLUE = '#1E88E5'

type NotificationItemProps = {
  notification: ClientNotification
  now: Date
  selected: boolean
  onSelectedChange: (selected: boolean) => void
  onOpen: () => void
  onMarkRead: () => void
}

function fullDate(createdAt: string): string | undefined {
  const date = new Date(createdAt)
  return Number.isNaN(date.getTime()) ? undefined : formatFullDate(date)
}

export function NotificationItem({
  notification,
  now,
  selected,
  onSelectedChange,
  onOpen,
  onMarkRead,
}: NotificationItemProps) {
  const unread = notification.readAt === null
  const title = firstLine(notification)
  const detail = secondLine(notification)
  return (
    <Box
      component="li"
      data-unread={unread || undefined}
      data-selected={selected || undefined}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        pr: 1,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: '4px solid',
        borderLeftColor: selected ? BLUE : 'transparent',
        bgcolor: selected ? SELECTED_BACKGROUND : unread ? UNREAD_BACKGROUND : 'transparent',
        // Spec 000 §4: 'Mark as read' shows on hover, and always where there is no hover (touch).
        '& .mark-read': { opacity: 0 },
        '&:hover .mark-read, &:focus-within .mark-read': { opacity: 1 },
        '@media (hover: none)': { '& .mark-read': { opacity: 1 } },
      }}
    >
      <Checkbox
        size="small"
        checked={selected}
        onChange={(event) => onSelectedChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': `Select: ${title}` } }}
        sx={{ mt: 0.5 }}
      />
      <ButtonBase
        onClick={onOpen}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'flex-start',
          gap: 1,
          py: 1.25,
          textAlign: 'left',
          borderRadius: 1,
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Box
          aria-hidden
          sx={{
            flex: 'none',
            width: 8,
            height: 8,
            mt: 0.9,
            borderRadius: '50%',
            bgcolor: unread ? BLUE : 'transparent',
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: unread ? 600 : 400 }}>
            {unread && (
              <Box component="span" sx={visuallyHidden}>
                Unread:{' '}
              </Box>
            )}
            {title}
          </Typography>
          {detail && (
            <Typography
              component="span"
              variant="body2"
              color="textSecondary"
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              {detail}
            </Typography>
          )}
          <Typography
            component="time"
            variant="caption"
            color="textSecondary"
            dateTime={notification.createdAt}
            title={fullDate(notification.createdAt)}
            sx={{ display: 'block' }}
          >
            {formatNotificationTime(notification.createdAt, now)}
          </Typography>
        </Box>
      </ButtonBase>
      {unread && (
        <Button
          className="mark-read"
          size="small"
          onClick={onMarkRead}
          aria-label={`Mark as read: ${title}`}
          sx={{ mt: 0.75, flex: 'none' }}
        >
          Mark as read
        </Button>
      )}
    </Box>
  )
}
