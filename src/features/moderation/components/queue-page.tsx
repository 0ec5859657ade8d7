import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { type QueueStatus, useModerationQueue } from '../api/get-moderation-queue'
import { LoadFailed } from './load-failed'
import { LoadingLine } from './loading-line'
import { NotAllowed } from './not-allowed'
import { QueueItemCard } from './queue-item-card'
import { ApiError } from '@/lib/api-client'

const EMPTY: Record<QueueStatus, MessageId> = {
  open: 'Nothing to review. Reported and urgent posts appear here.',
  resolved: 'Nothing has been reviewed recently.',
}

/** /moderation: reported and flagged items, urgent first, then most reported (issue 8). */
export function QueuePage() {
  const t = useT()
  const [status, setStatus] = useState<QueueStatus>('open')
  const [notice, setNotice] = useState<string | null>(null)
  const queue = useModerationQueue(status)
  const noticeRef = useRef<HTMLDivElement>(null)
  // The item acted on usually leaves the list with its buttons: keep the keyboard on the page.
  useEffect(() => {
    if (notice) noticeRef.current?.focus()
  }, [notice])
  const items = queue.data?.pages.flatMap((page) => page.items) ?? []

  if (queue.error instanceof ApiError && queue.error.status === 403) {
    // The role was taken away since the profile was read: the server has the last word.
    return <NotAllowed need="moderator" headingLevel="h2" />
  }
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label={t('Which items')}
        onChange={(_event, value: QueueStatus | null) => {
          if (value) setStatus(value)
        }}
      >
        <ToggleButton value="open">{t('Open (queue items)')}</ToggleButton>
        <ToggleButton value="resolved">{t('Recently resolved')}</ToggleButton>
      </ToggleButtonGroup>
      <div role="status">
        {notice && (
          <Alert ref={noticeRef} tabIndex={-1} severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
      </div>
      {queue.isPending && <LoadingLine label={t('Loading the review queue…')} />}
      {queue.isError && !queue.data && (
        <LoadFailed
          title={t('Could not load the review queue.')}
          error={queue.error}
          onRetry={() => void queue.refetch()}
        />
      )}
      {queue.isSuccess && items.length === 0 && (
        <Typography color="textSecondary">{t(EMPTY[status])}</Typography>
      )}
      {items.map((item) => (
        <QueueItemCard
          key={`${item.target.type}-${item.target.id}`}
          item={item}
          onActed={setNotice}
        />
      ))}
      {queue.isFetchNextPageError && (
        <Typography role="alert" color="error">
          {t('Could not load more items.')}
        </Typography>
      )}
      {queue.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void queue.fetchNextPage()}
          disabled={queue.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {queue.isFetchingNextPage ? t('Loading…') : t('Load more')}
        </Button>
      )}
    </Stack>
  )
}
