import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Checkbox from '@mui/material/Checkbox'
import Typography from '@mui/material/Typography'
import { visuallyHidden } from '@mui/utils'
import { useId, useState } from 'react'
import { foldLine } from '@contract/notification-folding'
import { formatFullDate } from '@/lib/date-formats'
import type { ClientNotification } from '../api/get-notifications'
import { useSwipeToRead } from '../hooks/use-swipe-to-read'
import { useLanguage, useT } from '@/i18n/use-t'
import { notificationLines } from '../notification-lines'
import { formatNotificationTime } from '../relative-time'
import { FoldPeople } from './fold-people'

// Spec 000 §4 "Notification read state": unread items have an amber background and a blue dot;
// a selected item is highlighted blue with a left border. Translucent tints read on both the
// light and the dark palette.
const UNREAD_BACKGROUND = 'rgba(255, 179, 0, 0.16)'
const SELECTED_BACKGROUND = 'rgba(30, 136, 229, 0.16)'
const BLUE = '#1E88E5'
// Issue 47: every control of a row is at least 44 × 44 px, a fingertip's size.
const TOUCH = { minWidth: 44, minHeight: 44 }

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
  const t = useT()
  const language = useLanguage()
  const titleId = useId()
  const peopleId = useId()
  const [showPeople, setShowPeople] = useState(false)
  const unread = notification.readAt === null
  const { title, detail } = notificationLines(notification, t)
  const fold = foldLine(notification) ? notification.fold : undefined
  const swipe = useSwipeToRead(unread ? onMarkRead : undefined)
  return (
    <Box
      component="li"
      data-unread={unread || undefined}
      data-selected={selected || undefined}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        borderInlineStart: '4px solid',
        borderInlineStartColor: selected ? BLUE : 'transparent',
        bgcolor: selected ? SELECTED_BACKGROUND : unread ? UNREAD_BACKGROUND : 'transparent',
        overflow: 'hidden',
      }}
    >
      <Box
        {...swipe.handlers}
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          paddingInlineEnd: 1,
          // Up and down still scroll the list; sideways is the swipe that reads it (issue 47).
          touchAction: 'pan-y',
          transform: swipe.offset ? `translateX(${swipe.offset}px)` : undefined,
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
          slotProps={{ input: { 'aria-label': t('Select: {title}', { title }) } }}
          sx={{ ...TOUCH, mt: 0.25 }}
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
            textAlign: 'start',
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
            <Typography
              id={titleId}
              component="span"
              sx={{ display: 'block', fontWeight: unread ? 600 : 400 }}
            >
              {unread && (
                <Box component="span" sx={visuallyHidden}>
                  {t('Unread:')}{' '}
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
              {formatNotificationTime(notification.createdAt, now, language)}
            </Typography>
          </Box>
        </ButtonBase>
        {unread && (
          <Button
            className="mark-read"
            size="small"
            onClick={onMarkRead}
            aria-label={t('Mark as read: {title}', { title })}
            sx={{ ...TOUCH, mt: 0.25, flex: 'none' }}
          >
            {t('Mark as read')}
          </Button>
        )}
      </Box>
      {fold && (
        <>
          <Button
            size="small"
            aria-expanded={showPeople}
            aria-controls={showPeople ? peopleId : undefined}
            aria-describedby={titleId}
            onClick={() => setShowPeople((shown) => !shown)}
            sx={{ ...TOUCH, marginInlineStart: 6.5, mb: 0.5 }}
          >
            {t(showPeople ? 'Hide who' : 'Show who')}
          </Button>
          {showPeople && <FoldPeople id={peopleId} fold={fold} />}
        </>
      )}
    </Box>
  )
}
