import CloseIcon from '@mui/icons-material/Close'
import RefreshIcon from '@mui/icons-material/Refresh'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { PullToRefresh } from '@/components/pull-to-refresh'
import { type ClientNotification, notificationListQueryOptions } from '../api/get-notifications'
import { unreadCountQueryOptions } from '../api/get-unread-count'
import {
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
} from '../api/mark-notifications-read'
import { notificationTarget } from '../notification-wording'
import { NotificationList } from './notification-list'
import { RTL_LANGUAGES } from '@contract/languages'
import { useLanguage, useT } from '@/i18n/use-t'

// Issue 47: the panel's controls are at least 44 × 44 px.
const TOUCH = { minWidth: 44, minHeight: 44 }

type NotificationsPanelProps = {
  id: string
  open: boolean
  onClose: () => void
  /** The device's notification settings, composed in by the header (features never import each other). */
  settings?: ReactNode
}

// Spec 000 §2 "Notifications panel (a slide-over, not a route)": a narrow panel at the right on
// desktop, the full width on small screens; Escape, a click outside (the dim backdrop) and
// 'Close panel' close it, and focus goes back to the bell.
export default function NotificationsPanel({
  id,
  open,
  onClose,
  settings,
}: NotificationsPanelProps) {
  // At the end of the line: the right, or the left in a right-to-left language (MUI's Drawer
  // is not mirrored by itself, issue 42).
  const rtl = RTL_LANGUAGES.includes(useLanguage())
  const titleId = useId()
  // A link in the panel (its settings) leaves the page: the panel does not stay over the next.
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const shownAt = useRef(pathname)
  useEffect(() => {
    if (pathname === shownAt.current) return
    shownAt.current = pathname
    onClose()
  }, [pathname, onClose])
  return (
    <Drawer
      anchor={rtl ? 'left' : 'right'}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 400 } },
        },
      }}
    >
      <PanelBody titleId={titleId} onClose={onClose} settings={settings} />
    </Drawer>
  )
}

function PanelBody({
  titleId,
  onClose,
  settings,
}: {
  titleId: string
  onClose: () => void
  settings?: ReactNode
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const scroller = useRef<HTMLDivElement>(null)
  const list = useInfiniteQuery(notificationListQueryOptions(queryClient))
  const { data: unreadCount } = useQuery(unreadCountQueryOptions())
  const markRead = useMarkNotificationsRead()
  const markAll = useMarkAllNotificationsRead()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const failed = markRead.isError || markAll.isError

  function toggle(notificationId: string, value: boolean) {
    setSelected((previous) => {
      const next = new Set(previous)
      if (value) next.add(notificationId)
      else next.delete(notificationId)
      return next
    })
  }

  function markSelected() {
    markRead.mutate([...selected])
    // Spec 000 §4: after marking the selected items, the selection is cleared.
    setSelected(new Set())
  }

  // Spec 000 §2: mark it read if unread, then go to its testimony or prayer with highlight.
  function openNotification(notification: ClientNotification) {
    if (notification.readAt === null) markRead.mutate([notification.notificationId])
    const target = notificationTarget(notification)
    if (!target) return
    onClose()
    if (target.to === '/testimonies')
      void navigate({ to: '/testimonies', search: { highlight: target.highlight } })
    else void navigate({ to: '/prayerwall', search: { highlight: target.highlight } })
  }

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography id={titleId} variant="h4" component="h2" sx={{ flex: 1 }}>
          {t('Notifications')}
        </Typography>
        {/* Issue 47: what pulling the list down does on a phone, for a keyboard or a mouse. */}
        <IconButton
          aria-label={t('Refresh notifications')}
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          sx={TOUCH}
        >
          <RefreshIcon />
        </IconButton>
        <IconButton aria-label={t('Close panel')} onClick={onClose} edge="end" sx={TOUCH}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ px: 2, pb: 1 }}>
        {unreadCount !== undefined && (
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            {t('Unread notifications', { count: unreadCount })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {(unreadCount ?? 0) > 0 && (
            <Button size="small" onClick={() => markAll.mutate()} sx={TOUCH}>
              {t('Mark all read')}
            </Button>
          )}
          {selected.size > 0 && (
            <Button size="small" variant="outlined" onClick={markSelected} sx={TOUCH}>
              {t('Mark selected read ({count})', { count: selected.size })}
            </Button>
          )}
        </Stack>
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('Could not mark notifications as read. Please try again.')}
          </Alert>
        )}
        {/* Its own boundary: the panel stays up while the settings' chunk loads. */}
        <Suspense fallback={null}>{settings}</Suspense>
      </Box>
      <Box
        ref={scroller}
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          overflowY: 'auto',
          overscrollBehaviorY: 'contain',
          flex: 1,
        }}
      >
        <PullToRefresh onRefresh={() => list.refetch()} container={scroller} />
        <NotificationList
          list={list}
          labelledBy={titleId}
          selected={selected}
          onSelectedChange={toggle}
          onOpen={openNotification}
          onMarkRead={(notification) => markRead.mutate([notification.notificationId])}
        />
      </Box>
    </>
  )
}
