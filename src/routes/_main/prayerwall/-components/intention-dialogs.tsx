import closePaths from '@mui/icons-material/Close?svg-paths'
import { Snackbar } from '@/components/lazy-snackbar'
import type { SupportBlock } from '@contract/content-policy'
import type { Intention } from '@contract/intentions'
import type { StatusUpdateResponse } from '@contract/intention-status'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, lazy, useState } from 'react'
import { intentionFeedRootKey } from '@/features/prayer-wall/api/get-intention-feed'
import { patchIntention } from '@/features/prayer-wall/api/intention-cache'
import { prayerListQueryKey } from '@/features/prayer-list/api/prayer-list-key'
import type { IntentionActions } from '@/features/prayer-wall/components/intention-card-menu'
import { useReopenIntention } from '@/features/prayer-requests/api/update-intention-status'
import { ApiError } from '@/lib/api-client'
import { Alert } from '@/ui/alert'
import { IconButton } from '@/ui/icon-button'
import { SvgIcon } from '@/ui/svg-icon'

// A steward opens these rarely: they (and the tag autocomplete of the edit form) load when
// opened, not before the wall's first card (issue 18). So does the support dialog, shown only
// after an edit whose words signal crisis.
const SupportDialog = lazy(() =>
  import('@/features/prayer-requests/components/support-dialog').then((module) => ({
    default: module.SupportDialog,
  })),
)
const DeleteIntentionDialog = lazy(() =>
  import('@/features/prayer-requests/components/delete-intention-dialog').then((module) => ({
    default: module.DeleteIntentionDialog,
  })),
)
const EditIntentionDialog = lazy(() =>
  import('@/features/prayer-requests/components/edit-intention-dialog').then((module) => ({
    default: module.EditIntentionDialog,
  })),
)
const MarkAnsweredDialog = lazy(() =>
  import('@/features/prayer-requests/components/mark-answered-dialog').then((module) => ({
    default: module.MarkAnsweredDialog,
  })),
)
const PostUpdateDialog = lazy(() =>
  import('@/features/prayer-requests/components/post-update-dialog').then((module) => ({
    default: module.PostUpdateDialog,
  })),
)
const ReleaseInPeaceDialog = lazy(() =>
  import('@/features/prayer-requests/components/release-in-peace-dialog').then((module) => ({
    default: module.ReleaseInPeaceDialog,
  })),
)

type Open =
  | { kind: 'edit' | 'answer' | 'release' | 'update'; intention: Intention }
  | { kind: 'delete'; intention: Intention; mode: 'delete' | 'remove' }

function statusFailure(error: unknown): string {
  if (error instanceof ApiError) return error.detail || `Failed to update status: ${error.code}`
  return 'Failed to update status: Network error'
}

/**
 * The card menu's steward actions (spec 001 §2) wired to the prayer-requests dialogs: the wall
 * feature shows the card, the prayer-requests feature owns the writes; the route joins them.
 */
export function useIntentionDialogs(): {
  actions: Omit<IntentionActions, 'onShare' | 'onReport'>
  element: ReactNode
} {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<Open | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // An edit whose words signal crisis is saved, and its author is shown where help is (DESIGN §4).
  const [support, setSupport] = useState<SupportBlock | null>(null)
  const reopen = useReopenIntention()

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
        onError: (error) => setFailure(statusFailure(error)),
      }),
  }

  const close = () => setOpen(null)
  const element = (
    <>
      <Suspense fallback={null}>
        {open?.kind === 'edit' && (
          <EditIntentionDialog
            intention={open.intention}
            open
            onClose={close}
            onSaved={({ support: block, ...saved }) => {
              patchIntention(queryClient, saved.intention_id, () => saved)
              close()
              setSupport(block ?? null)
            }}
          />
        )}
        {open?.kind === 'answer' && (
          <MarkAnsweredDialog
            intention={open.intention}
            open
            onClose={close}
            onDone={statusChanged(open.intention.intention_id)}
          />
        )}
        {open?.kind === 'release' && (
          <ReleaseInPeaceDialog
            intention={open.intention}
            open
            onClose={close}
            onDone={statusChanged(open.intention.intention_id)}
          />
        )}
        {open?.kind === 'update' && (
          <PostUpdateDialog
            intention={open.intention}
            onClose={close}
            onPosted={(update) => {
              patchIntention(queryClient, open.intention.intention_id, (intention) => ({
                updates: [...(intention.updates ?? []), update],
              }))
              // The author may keep their own request on their list, which shows updates too.
              void queryClient.invalidateQueries({ queryKey: prayerListQueryKey })
              close()
            }}
          />
        )}
        {open?.kind === 'delete' && (
          <DeleteIntentionDialog
            intention={open.intention}
            mode={open.mode}
            open
            onClose={close}
            onDone={() => {
              close()
              refresh()
            }}
          />
        )}
        {support !== null && <SupportDialog support={support} onClose={() => setSupport(null)} />}
      </Suspense>
      <Snackbar open={failure !== null} autoHideDuration={6000} onClose={() => setFailure(null)}>
        <Alert
          severity="error"
          action={
            <IconButton
              size="small"
              color="inherit"
              aria-label="Close"
              title="Close"
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
