import closePaths from '@mui/icons-material/Close?svg-paths'
import { Snackbar } from '@/components/lazy-snackbar'
import type { SupportBlock } from '@contract/content-policy'
import type { Intention } from '@contract/intentions'
import type { StatusUpdateResponse } from '@contract/intention-status'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, lazy, useState } from 'react'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { patchIntention } from '@/features/prayer-wall/api/intention-cache'
import type { IntentionActions } from '@/features/prayer-wall/components/intention-card-menu'
import { ApiError } from '@/lib/api-client'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { Alert } from '@/ui/alert'
import { IconButton } from '@/ui/icon-button'
import { SvgIcon } from '@/ui/svg-icon'
import type { OpenDialog } from './intention-dialog'

// The dialogs load when one first opens, and a reopen's call (with the status change's contract,
// which holds the testimonies') when a steward reopens: none is needed for the wall's first card
// (issue 18).
const IntentionDialog = lazy(() =>
  import('./intention-dialog').then((module) => ({ default: module.IntentionDialog })),
)
const reopenIntention = (intentionId: string) =>
  import('@/features/prayer-requests/api/update-intention-status').then((module) =>
    module.reopenIntention(intentionId),
  )

function statusFailure(error: unknown, t: ReturnType<typeof useT>): string {
  if (error instanceof ApiError)
    return error.detail
      ? translateText(error.detail)
      : t('Failed to update status: {code}', { code: error.code })
  return t('Failed to update status: Network error')
}

/**
 * The card menu's steward actions (spec 001 §2) wired to the prayer-requests dialogs: the wall
 * feature shows the card, the prayer-requests feature owns the writes; the route joins them.
 */
export function useIntentionDialogs(): {
  actions: Omit<IntentionActions, 'onShare' | 'onReport'>
  element: ReactNode
} {
  const t = useT()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<OpenDialog | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // An edit whose words signal crisis is saved, and its author is shown where help is (DESIGN §4).
  const [support, setSupport] = useState<SupportBlock | null>(null)
  const reopen = useMutation({ mutationFn: reopenIntention })

  const refresh = () => void queryClient.invalidateQueries({ queryKey: intentionFeedRootKey })
  const statusChanged = (intentionId: string) => (answer: StatusUpdateResponse) => {
    patchIntention(queryClient, intentionId, () => ({
      status: answer.status,
      closure_reason: answer.closure_reason,
      status_changed_at: answer.status_changed_at,
      has_testimony: answer.has_testimony,
      testimony_id: answer.testimony_id,
      testimony_title: answer.testimony_title,
    }))
    setOpen(null)
    refresh()
  }

  const actions = {
    onEdit: (intention: Intention) => setOpen({ kind: 'edit', intention }),
    onMarkAnswered: (intention: Intention) => setOpen({ kind: 'answer', intention }),
    onRelease: (intention: Intention) => setOpen({ kind: 'release', intention }),
    onPostUpdate: (intention: Intention) => setOpen({ kind: 'update', intention }),
    onDelete: (intention: Intention, mode: 'delete' | 'remove') =>
      setOpen({ kind: 'delete', intention, mode }),
    onReopen: (intention: Intention) =>
      reopen.mutate(intention.intention_id, {
        onSuccess: statusChanged(intention.intention_id),
        onError: (error) => setFailure(statusFailure(error, t)),
      }),
  }

  const element = (
    <>
      {(open !== null || support !== null) && (
        <Suspense fallback={null}>
          <IntentionDialog
            open={open}
            support={support}
            onClose={() => setOpen(null)}
            onStatusChanged={statusChanged}
            onSupport={setSupport}
            onRefresh={refresh}
          />
        </Suspense>
      )}
      <Snackbar open={failure !== null} autoHideDuration={6000} onClose={() => setFailure(null)}>
        <Alert
          severity="error"
          action={
            <IconButton
              size="small"
              color="inherit"
              aria-label={t('Close')}
              title={t('Close')}
              onClick={() => setFailure(null)}
            >
              <SvgIcon paths={closePaths} fontSize="small" />
            </IconButton>
          }
        >
          {failure}
        </Alert>
      </Snackbar>
    </>
  )
  return { actions, element }
}
