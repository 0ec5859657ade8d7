import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ClientNotification, NotificationListData } from '../api/get-notifications'
import { useNow } from '@/lib/use-now'
import { NotificationItem } from './notification-item'
import { useT } from '@/i18n/use-t'

type NotificationListProps = {
  list: UseInfiniteQueryResult<NotificationListData>
  labelledBy: string
  selected: ReadonlySet<string>
  onSelectedChange: (notificationId: string, selected: boolean) => void
  onOpen: (notification: ClientNotification) => void
  onMarkRead: (notification: ClientNotification) => void
}

// Spec 000 §2: a spinner on first load, 'No notifications yet' when empty, 'Load more' (with
// 'Loading...') while more exist, and a list area at least 300 px tall.
export function NotificationList({
  list,
  labelledBy,
  selected,
  onSelectedChange,
  onOpen,
  onMarkRead,
}: NotificationListProps) {
  const t = useT()
  const now = useNow()
  const items = list.data?.pages.flatMap((page) => page.items) ?? []

  let body
  if (list.isPending) {
    body = (
      // Rows shaped like notifications instead of a spinner (issue 17).
      <Box role="progressbar" aria-label={t('Loading notifications')} sx={{ minHeight: 300, p: 2 }}>
        {Array.from({ length: 5 }, (_, index) => (
          <Box key={index} aria-hidden="true" sx={{ display: 'flex', gap: 1.5, py: 1.5 }}>
            <Skeleton variant="circular" width={32} height={32} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="90%" />
              <Skeleton width="35%" />
            </Box>
          </Box>
        ))}
      </Box>
    )
  } else if (list.isError && items.length === 0) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('Try again')}
          </Button>
        }
      >
        {t('Could not load notifications.')}
      </Alert>
    )
  } else if (items.length === 0) {
    body = (
      <Typography color="textSecondary" sx={{ p: 3, textAlign: 'center' }}>
        {t('No notifications yet')}
      </Typography>
    )
  } else {
    body = (
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((notification) => (
          <NotificationItem
            key={notification.notificationId}
            notification={notification}
            now={now}
            selected={selected.has(notification.notificationId)}
            onSelectedChange={(value) => onSelectedChange(notification.notificationId, value)}
            onOpen={() => onOpen(notification)}
            onMarkRead={() => onMarkRead(notification)}
          />
        ))}
      </Box>
    )
  }

  return (
    <Box sx={{ minHeight: 300 }}>
      {body}
      {list.isFetchNextPageError && (
        <Typography role="alert" color="error" sx={{ px: 2, pt: 1 }}>
          {t('Could not load more notifications.')}
        </Typography>
      )}
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
          <Button
            variant="outlined"
            disabled={list.isFetchingNextPage}
            sx={{ minHeight: 44 }}
            onClick={() => void list.fetchNextPage()}
          >
            {t(list.isFetchingNextPage ? 'Loading... (more notifications)' : 'Load more')}
          </Button>
        </Box>
      )}
    </Box>
  )
}
