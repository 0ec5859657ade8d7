import { createFileRoute } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import * as z from 'zod/mini'
import { CardMenuExtrasProvider } from '@/features/prayer-wall/components/card-menu-extras'
import type { RenderComments } from '@/features/prayer-wall/components/intention-card'
import { PrayerWallPage, type WallSearch } from '@/features/prayer-wall/components/prayer-wall-page'
import { REACTOR_TABS, WALL_VIEWS } from '@/features/prayer-wall/wall-views'
import { usePrayerListActions } from '@/features/prayer-list/hooks/use-prayer-list-actions'
import { useMuteActions } from '@/features/push/hooks/use-mute-actions'
import { loadRestOfCatalogue } from '@/i18n/i18n'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'
import { useIntentionDialogs } from './-components/intention-dialogs'

// The comments (list, form, their dialogs) load when a card's Comments opens (issue 18), with
// their words (a later part of the catalogue, ADR 0038): drawn once, in the right words, so no
// label changes under a member's tap.
const CommentsSection = lazy(() =>
  Promise.all([
    import('@/features/comments/components/comments-section'),
    loadRestOfCatalogue(),
  ]).then(([module]) => ({ default: module.CommentsSection })),
)

// spec 001 §2: highlight={intention id}; reactions={intention id} with tab (default prayed).
// The wall's own tab is `view` because `tab` belongs to the reactors dialog.
const prayerWallSearchSchema = z.object({
  view: lenient(z.enum(WALL_VIEWS)),
  highlight: lenient(z.string()),
  reactions: lenient(z.string()),
  tab: lenient(z.enum(REACTOR_TABS)),
})

export const Route = createFileRoute('/_main/prayerwall/')({
  beforeLoad: requireMember,
  validateSearch: prayerWallSearchSchema,
  component: PrayerWallRoute,
})

function PrayerWallRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Highlight and the reactors dialog are passing states: replacing keeps Back meaningful, and
  // the page stays where it is (only another view is another place to scroll).
  const onSearchChange = (patch: Partial<WallSearch>) =>
    void navigate({
      search: (previous) => ({ ...previous, ...patch }),
      replace: true,
      resetScroll: 'view' in patch,
    })
  const dialogs = useIntentionDialogs()
  return (
    <>
      <MenuExtras>
        <PrayerWallPage
          search={search}
          onSearchChange={onSearchChange}
          actions={dialogs.actions}
          renderComments={renderComments}
        />
      </MenuExtras>
      {dialogs.element}
    </>
  )
}

/**
 * The card menus' entries from the notification settings and the prayer list. Their lists load
 * after the first cards; held here, an arrival re-renders this component and the menus, while
 * the wall below (the same `children`) is left as it was.
 */
function MenuExtras({ children }: { children: ReactNode }) {
  const mute = useMuteActions()
  const prayerList = usePrayerListActions()
  return (
    <CardMenuExtrasProvider value={{ ...mute, ...prayerList }}>{children}</CardMenuExtrasProvider>
  )
}

// The card's Comments expander holds the comments feature (features never import each other).
const renderComments: RenderComments = (intention, onCountChange) => (
  <Suspense fallback={null}>
    <CommentsSection
      intentionId={intention.intention_id}
      closed={intention.status !== 'active'}
      isMineIntention={intention.is_mine}
      onCountChange={onCountChange}
    />
  </Suspense>
)
