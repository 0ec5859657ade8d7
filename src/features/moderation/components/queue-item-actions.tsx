import type { QueueItem } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { useT } from '@/i18n/use-t'
import { useModerateItem } from '../api/moderate-item'
import { useSuspension } from '../api/suspend-author'
import { actionErrorMessage } from '../moderation-text'
import { RemoveDialog } from './remove-dialog'
import { SuspendDialog } from './suspend-dialog'

type QueueItemActionsProps = { item: QueueItem; onActed: (message: string) => void }

// Approve a post waiting for review (issue 38), dismiss, remove (with the reason the author
// sees), restore, suspend or reinstate the author. Nothing changes on screen until the server
// has agreed: each button says what is running.
export function QueueItemActions({ item, onActed }: QueueItemActionsProps) {
  const t = useT()
  const { target } = item
  const type = target.type
  const name = target.author.displayName
  const moderate = useModerateItem(target)
  const { suspend, lift } = useSuspension(target.author.userId)
  const [dialog, setDialog] = useState<'remove' | 'suspend' | null>(null)
  // The dialog shows its own failure; an older one under the buttons would say it twice.
  const openDialog = (which: 'remove' | 'suspend') => {
    moderate.reset()
    lift.reset()
    setDialog(which)
  }
  const busy = moderate.isPending || suspend.isPending || lift.isPending
  const removed = target.removedAt !== null
  const open = item.resolvedAt === null
  // Held by the publish rule: approving publishes it (Dismiss would too, so only Approve shows).
  const waiting = open && !removed && item.waitingForReview !== null
  const running = moderate.isPending ? moderate.variables.action : null
  const failure = moderate.error ?? lift.error

  const approve = () =>
    moderate.mutate(
      { action: 'approve' },
      { onSuccess: () => onActed(t('An item was approved and published.', { type })) },
    )
  const dismiss = () =>
    moderate.mutate(
      { action: 'dismiss' },
      { onSuccess: () => onActed(t('An item was kept; its reports are closed.', { type })) },
    )
  const restore = () =>
    moderate.mutate(
      { action: 'restore' },
      { onSuccess: () => onActed(t('An item was restored.', { type })) },
    )
  const reinstate = () =>
    lift.mutate(undefined, {
      onSuccess: () => onActed(t('An author can post again.', { name })),
    })

  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {waiting && (
          <Button variant="contained" onClick={approve} disabled={busy}>
            {running === 'approve' ? t('Approving…') : t('Approve (a post)')}
          </Button>
        )}
        {open && !removed && !waiting && (
          <Button variant="outlined" onClick={dismiss} disabled={busy}>
            {running === 'dismiss' ? t('Dismissing…') : t('Dismiss (reports)')}
          </Button>
        )}
        {!removed && (
          <Button
            variant="contained"
            color="error"
            onClick={() => openDialog('remove')}
            disabled={busy}
          >
            {t('Remove…')}
          </Button>
        )}
        {removed && (
          <Button variant="outlined" onClick={restore} disabled={busy}>
            {running === 'restore' ? t('Restoring…') : t('Restore')}
          </Button>
        )}
        {item.authorHistory.suspendedUntil ? (
          <Button onClick={reinstate} disabled={busy}>
            {lift.isPending ? t('Lifting suspension…') : t('Lift suspension')}
          </Button>
        ) : (
          <Button onClick={() => openDialog('suspend')} disabled={busy}>
            {t('Suspend author…')}
          </Button>
        )}
      </Stack>
      {failure && dialog === null && (
        <Alert severity="error" role="alert">
          {actionErrorMessage(failure)}
        </Alert>
      )}
      <RemoveDialog
        open={dialog === 'remove'}
        type={type}
        onClose={() => setDialog(null)}
        onRemove={async (body) => {
          await moderate.mutateAsync({ action: 'remove', body })
          setDialog(null)
          onActed(t('An item was removed and its author told why.', { type }))
        }}
      />
      <SuspendDialog
        open={dialog === 'suspend'}
        authorName={name}
        onClose={() => setDialog(null)}
        onSuspend={async (body) => {
          await suspend.mutateAsync(body)
          setDialog(null)
          onActed(t('An author is suspended for some days.', { name, days: body.days }))
        }}
      />
    </>
  )
}
