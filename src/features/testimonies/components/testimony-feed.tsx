import Button from '@mui/material/Button'
import { CardSkeletons } from '@/components/card-skeletons'
import { PullToRefresh } from '@/components/pull-to-refresh'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useT } from '@/i18n/use-t'
import { useTestimonyFeed } from '../api/get-testimony-feed'
import { useSayAmenToTestimony } from '../api/react-to-testimony'
import { useTestimonyHighlight } from '../hooks/use-testimony-highlight'
import { TestimonyCard } from './testimony-card'

type TestimonyFeedProps = {
  highlight: string | undefined
  onHighlightDone: () => void
  onOpenReactors: (testimonyId: string) => void
  onOpenPrayer: (intentionId: string) => void
  onShare: (testimonyId: string, title: string) => void
}

/** Spec 001 §2 feed states and "Load more testimonies" (20 a page, spec 001 §9). */
export function TestimonyFeed({
  highlight,
  onHighlightDone,
  onOpenReactors,
  onOpenPrayer,
  onShare,
}: TestimonyFeedProps) {
  const t = useT()
  const feed = useTestimonyFeed()
  const amen = useSayAmenToTestimony()
  const items = feed.data?.pages.flatMap((page) => page.items) ?? []
  const ringed = useTestimonyHighlight({
    highlight,
    loadedIds: items.map((item) => item.testimony_id),
    loaded: feed.isSuccess,
    paging: feed,
    onDone: onHighlightDone,
  })

  if (feed.isPending) {
    return <CardSkeletons label={t('Loading testimonies…')} />
  }
  if (feed.isError && !feed.data) {
    return (
      <Stack spacing={1} role="alert" sx={{ py: 4, alignItems: 'flex-start' }}>
        <Typography>{t('Error loading testimonies')}</Typography>
        <Button variant="outlined" onClick={() => void feed.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    )
  }
  if (items.length === 0) {
    // An empty list is pulled too: that is how a member looks for the first story (issue 47).
    return (
      <>
        <PullToRefresh onRefresh={() => feed.refetch()} />
        <Stack spacing={0.5} sx={{ py: 4, alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {t('No testimonies yet')}
          </Typography>
          <Typography color="textSecondary">{t('Share gratitude to encourage others')}</Typography>
        </Stack>
      </>
    )
  }
  return (
    <Stack spacing={2}>
      <PullToRefresh onRefresh={() => feed.refetch()} />
      {items.map((testimony) => (
        <TestimonyCard
          key={testimony.testimony_id}
          testimony={testimony}
          highlighted={ringed === testimony.testimony_id}
          onAmen={(active) => amen.mutate({ testimonyId: testimony.testimony_id, active })}
          onOpenReactors={() => onOpenReactors(testimony.testimony_id)}
          onOpenPrayer={onOpenPrayer}
          onShare={() => onShare(testimony.testimony_id, testimony.title)}
        />
      ))}
      {feed.isFetchNextPageError && (
        <Typography role="alert" color="error">
          {t('Error loading testimonies')}
        </Typography>
      )}
      {feed.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('Load more testimonies')}
        </Button>
      )}
    </Stack>
  )
}
