import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { syncCommentsCount } from '../api/comments-count'
import { useIntentionFeed } from '../api/get-intention-feed'
import { useFirstScreenFirst } from '../hooks/use-first-screen-first'
import { useHighlight } from '../hooks/use-highlight'
import { CardSkeletons } from '@/components/card-skeletons'
import { PullToRefresh } from '@/components/pull-to-refresh'
import { useNow } from '@/lib/use-now'
import type { ReactorTab, WallView } from '../wall-views'
import type { IntentionActions } from './intention-card-menu'
import { IntentionCard, type RenderComments, intentionElementId } from './intention-card'

type IntentionFeedProps = {
  view: WallView
  highlight: string | undefined
  onHighlightDone: () => void
  isModerator: boolean
  actions: IntentionActions
  onOpenReactors: (intentionId: string, tab: ReactorTab) => void
  renderComments?: RenderComments
}

/** Spec 001 §2 feed: loading, error, empty, cards and "Load more" (10 a page, spec 001 §9). */
export function IntentionFeed({
  view,
  highlight,
  onHighlightDone,
  isModerator,
  actions,
  onOpenReactors,
  renderComments,
}: IntentionFeedProps) {
  const feed = useIntentionFeed(view)
  const queryClient = useQueryClient()
  const now = useNow()
  const items = feed.data?.pages.flatMap((page) => page.items) ?? []
  const ringed = useHighlight({
    highlight,
    loadedIds: items.map((item) => item.intention_id),
    loaded: feed.isSuccess,
    paging: feed,
    elementId: intentionElementId,
    onDone: onHighlightDone,
  })
  const shown = useFirstScreenFirst(items.length, { whole: highlight !== undefined })

  if (feed.isPending) {
    return <CardSkeletons label="Loading feed…" />
  }
  if (feed.isError && !feed.data) {
    return (
      <Stack spacing={1} role="alert" sx={{ py: 4, alignItems: 'flex-start' }}>
        <Typography>Could not load feed.</Typography>
        <Button variant="outlined" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </Stack>
    )
  }
  if (items.length === 0) {
    return <Typography sx={{ py: 4 }}>No prayer requests yet.</Typography>
  }
  return (
    <Stack spacing={2}>
      <PullToRefresh onRefresh={() => feed.refetch()} />
      {items.slice(0, shown).map((intention) => (
        <IntentionCard
          key={intention.intention_id}
          intention={intention}
          isModerator={isModerator}
          highlighted={ringed === intention.intention_id}
          now={now}
          actions={actions}
          onOpenReactors={(tab) => onOpenReactors(intention.intention_id, tab)}
          onCommentCountChange={(delta) =>
            void syncCommentsCount(queryClient, intention.intention_id, delta)
          }
          renderComments={renderComments}
        />
      ))}
      {feed.isFetchNextPageError && <Typography role="alert">Could not load feed.</Typography>}
      {feed.hasNextPage && shown === items.length && (
        <Button
          variant="outlined"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}
    </Stack>
  )
}
