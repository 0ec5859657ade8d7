import type { SupportBlock } from '@contract/content-policy'
import type { Intention } from '@contract/intentions'
import type { StatusUpdateResponse } from '@contract/intention-status'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { patchIntention } from '@/features/prayer-wall/api/intention-cache'
import { prayerListQueryKey } from '@/features/prayer-list/api/prayer-list-key'

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

export type OpenDialog =
  | { kind: 'edit' | 'answer' | 'release' | 'update'; intention: Intention }
  | { kind: 'delete'; intention: Intention; mode: 'delete' | 'remove' }

/**
 * The steward's dialog that is open, or the support dialog after an edit (spec 001 §2, DESIGN
 * §4); intention-dialogs.tsx holds which one and loads this file when one first opens.
 */
export function IntentionDialog({
  open,
  support,
  onClose,
  onStatusChanged,
  onSupport,
  onRefresh,
}: {
  open: OpenDialog | null
  support: SupportBlock | null
  onClose: () => void
  onStatusChanged: (intentionId: string) => (answer: StatusUpdateResponse) => void
  /** An edit whose words signal crisis, or null when the support dialog closes. */
  onSupport: (support: SupportBlock | null) => void
  onRefresh: () => void
}) {
  const queryClient = useQueryClient()
  return (
    <Suspense fallback={null}>
      {open?.kind === 'edit' && (
        <EditIntentionDialog
          intention={open.intention}
          open
          onClose={onClose}
          onSaved={({ support: block, ...saved }) => {
            patchIntention(queryClient, saved.intention_id, () => saved)
            onClose()
            onSupport(block ?? null)
          }}
        />
      )}
      {open?.kind === 'answer' && (
        <MarkAnsweredDialog
          intention={open.intention}
          open
          onClose={onClose}
          onDone={onStatusChanged(open.intention.intention_id)}
        />
      )}
      {open?.kind === 'release' && (
        <ReleaseInPeaceDialog
          intention={open.intention}
          open
          onClose={onClose}
          onDone={onStatusChanged(open.intention.intention_id)}
        />
      )}
      {open?.kind === 'update' && (
        <PostUpdateDialog
          intention={open.intention}
          onClose={onClose}
          onPosted={(update) => {
            patchIntention(queryClient, open.intention.intention_id, (intention) => ({
              updates: [...(intention.updates ?? []), update],
            }))
            // The author may keep their own request on their list, which shows updates too.
            void queryClient.invalidateQueries({ queryKey: prayerListQueryKey })
            onClose()
          }}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteIntentionDialog
          intention={open.intention}
          mode={open.mode}
          open
          onClose={onClose}
          onDone={() => {
            onClose()
            onRefresh()
          }}
        />
      )}
      {support !== null && <SupportDialog support={support} onClose={() => onSupport(null)} />}
    </Suspense>
  )
}
