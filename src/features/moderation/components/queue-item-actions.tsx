import type { QueueItem } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { useModerateItem } from '../api/moderate-item'
import { useSuspension } from '../api/suspend-author'
import { TARGET_LABELS, actionErrorMessage } from '../moderation-text'
import { RemoveDialog } from './remove-dialog'
import { SuspendDialog } from './suspend-dialog'

type QueueItemActionsProps = { item: QueueItem; onActed: (message: string) => void }

// Approve a post waiting for review (issue 38), dismiss, remove (with the reason the author
// sees), restore, suspend or reinstate the author. Nothing changes on screen until the server
// has agreed: each button says what is running.
export function QueueItemActions({ item, onActed }: QueueItemActionsProps) {
  const { target } = item
  const kind = TARGET_LABELS[target.type]
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
      { onSuccess: () => onActed(`${kind} approved and published.`) },
    )
  const dismiss = () =>
    moderate.mutate(
      { action: 'dismiss' },
      { onSuccess: () => onActed(`${kind} kept; its reports are closed.`) },
    )
  const restore = () =>
    moderate.mutate({ action: 'restore' }, { onSuccess: () => onActed(`${kind} restored.`) })
  const reinstate = () =>
    lift.mutate(undefined, {
      onSuccess: () => onActed(`${target.author.displayName} can post again.`),
    })

  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {waiting && (
          <Button variant="contained" onClick={approve} disabled={busy}>
            {running === 'approve' ? 'Approving…' : 'Approve'}
          </Button>
        )}
        {open && !removed && !waiting && (
          <Button variant="outlined" onClick={dismiss} disabled={busy}>
            {running === 'dismiss' ? 'Dismissing…' : 'Dismiss'}
          </Button>
        )}
        {!removed && (
          <Button
            variant="contained"
            color="error"
            onClick={() => openDialog('remove')}
            disabled={busy}
          >
            Remove…
          </Button>
        )}
        {removed && (
          <Button variant="outlined" onClick={restore} disabled={busy}>
            {running === 'restore' ? 'Restoring…' : 'Restore'}
          </Button>
        )}
        {item.authorHistory.suspendedUntil ? (
          <Button onClick={reinstate} disabled={busy}>
            {lift.isPending ? 'Lifting suspension…' : 'Lift suspension'}
          </Button>
        ) : (
          <Button onClick={() => openDialog('suspend')} disabled={busy}>
            Suspend author…
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
        what={kind}
        onClose={() => setDialog(null)}
        onRemove={async (body) => {
          await moderate.mutateAsync({ action: 'remove', body })
          setDialog(null)
          onActed(`${kind} removed. Its author has been told why.`)
        }}
      />
      <SuspendDialog
        open={dialog === 'suspend'}
        authorName={target.author.displayName}
        onClose={() => setDialog(null)}
        onSuspend={async (body) => {
          await suspend.mutateAsync(body)
          setDialog(null)
          onActed(`${target.author.displayName} is suspended for ${body.days} days.`)
        }}
      />
    </>
  )
}
