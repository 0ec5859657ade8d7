import { useQueryClient } from '@tanstack/react-query'
import { syncCommentsCount } from '../api/comments-count'
import { useIntentionFeed } from '../api/get-intention-feed'
import { useFirstScreenFirst } from '../hooks/use-first-screen-first'
import { useHighlight } from '../hooks/use-highlight'
import { CardSkeletons } from '@/components/card-skeletons'
import { PullToRefresh } from '@/components/pull-to-refresh'
import { usePrayerHintSeen } from '@/components/prayer-hint-seen'
import { useNow } from '@/lib/use-now'
import { Button } from '@/ui/button'
import { Text } from '@/ui/text'
import { useT } from '@/i18n/use-t'
import type { ReactorTab, WallView } from '../wall-views'
import type { IntentionActions } from './intention-card-menu'
import { IntentionCard, type RenderComments, intentionElementId } from './intention-card'
import styles from './intention-feed.module.css'

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
  const t = useT()
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
  // The timed prayer's hint once, under the first "Pray now", not under every card (issue 47).
  const hintSeen = usePrayerHintSeen()
  const hintCard = hintSeen
    ? undefined
    : items.find((item) => item.status === 'active' && !item.has_prayed)?.intention_id

  // Cards that arrived after the feed mounted come a screen at a time (useFirstScreenFirst).
  if (feed.isPending || (items.length > 0 && shown === 0)) {
    return <CardSkeletons label={t('Loading feed…')} />
  }
  if (feed.isError && !feed.data) {
    return (
      <div role="alert" className={styles.failed}>
        <Text>{t('Could not load feed.')}</Text>
        <Button variant="outlined" onClick={() => void feed.refetch()}>
          {t('Try again')}
        </Button>
      </div>
    )
  }
  if (items.length === 0) {
    // An empty wall is pulled too: that is how a member looks for the first request (issue 47).
    return (
      <>
        <PullToRefresh onRefresh={() => feed.refetch()} />
        <Text className={styles.empty}>{t('No prayer requests yet.')}</Text>
      </>
    )
  }
  return (
    <div className={styles.feed}>
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
          prayHint={intention.intention_id === hintCard}
        />
      ))}
      {feed.isFetchNextPageError && <Text role="alert">{t('Could not load feed.')}</Text>}
      {feed.hasNextPage && shown === items.length && (
        <Button
          variant="outlined"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          className={styles.more}
        >
          {t('Load more')}
        </Button>
      )}
    </div>
  )
}
