import Alert from '@mui/material/Alert'
import Container from '@mui/material/Container'
import { Snackbar } from '@/components/lazy-snackbar'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Intention } from '@contract/intentions'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useId, useState } from 'react'
import { LightTabs } from '@/components/light-tabs'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { useProfile } from '@/lib/session'
import { membersOnlyNote, type ShareOutcome, shareIntention } from '../share-intention'
import { type ReactorTab, WALL_VIEWS, WALL_VIEW_LABELS, type WallView } from '../wall-views'
import type { IntentionActions } from './intention-card-menu'
import type { RenderComments } from './intention-card'
import { IntentionFeed } from './intention-feed'
import { PendingIntentions } from './pending-intentions'
import { useIntentionReport } from './intention-report'

// Loaded when a member opens who responded, not before the first card (issue 18).
const IntentionReactorsDialog = lazy(() =>
  import('./intention-reactors-dialog').then((module) => ({
    default: module.IntentionReactorsDialog,
  })),
)

export type WallSearch = {
  view?: WallView
  highlight?: string
  reactions?: string
  tab?: ReactorTab
}

type PrayerWallPageProps = {
  search: WallSearch
  /** Changes the page's search params; `replace` keeps the history clean (spec 001 §2). */
  onSearchChange: (patch: Partial<WallSearch>) => void
  actions?: Omit<IntentionActions, 'onShare' | 'onReport'>
  renderComments?: RenderComments
}

const SHARE_MESSAGES: Partial<
  Record<ShareOutcome, { text: string; severity: 'success' | 'error' }>
> = {
  copied: { text: 'Link copied to clipboard.', severity: 'success' },
  failed: { text: 'Could not share the link.', severity: 'error' },
}

/** Spec 001 §2 "Prayer Wall screen". */
export function PrayerWallPage({
  search,
  onSearchChange,
  actions = {},
  renderComments,
}: PrayerWallPageProps) {
  const navigate = useNavigate()
  const { profile } = useProfile()
  const [shareOutcome, setShareOutcome] = useState<{
    outcome: ShareOutcome
    note: string | null
  } | null>(null)
  const tabsId = useId()
  const report = useIntentionReport()
  const view = search.view ?? 'wall'
  const shareMessage = shareOutcome ? SHARE_MESSAGES[shareOutcome.outcome] : undefined

  const onShare = async (intention: Intention) =>
    setShareOutcome({ outcome: await shareIntention(intention), note: membersOnlyNote(intention) })

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2 }}
      >
        <div>
          <Typography variant="h1" sx={{ '@media (max-width: 599.95px)': { fontSize: '1.75rem' } }}>
            Prayer Wall
          </Typography>
          <Typography color="text.secondary" sx={{ typography: { xs: 'body2', sm: 'body1' } }}>
            A gentle public square for sharing intentions and praying for one another.
          </Typography>
        </div>
        <VerifiedSubmitButton
          type="button"
          variant="contained"
          onClick={() => void navigate({ to: '/prayerwall/create' })}
        >
          Ask for Prayer
        </VerifiedSubmitButton>
      </Stack>
      {/* Three tabs share a 320 px screen instead of pushing the page sideways (issue 17). */}
      <LightTabs
        aria-label="Prayer wall views"
        tabs={WALL_VIEWS.map((candidate) => ({
          value: candidate,
          label: WALL_VIEW_LABELS[candidate],
          id: `${tabsId}-${candidate}`,
        }))}
        value={view}
        onChange={(next) =>
          onSearchChange({ view: next === 'wall' ? undefined : next, highlight: undefined })
        }
        controls={`${tabsId}-panel`}
      />
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${view}`}>
        <PendingIntentions view={view} />
        <IntentionFeed
          key={view}
          view={view}
          highlight={search.highlight}
          onHighlightDone={() => onSearchChange({ highlight: undefined })}
          isModerator={profile?.isModerator ?? false}
          actions={{
            ...actions,
            onShare: (intention) => void onShare(intention),
            onReport: report.onReport,
          }}
          onOpenReactors={(intentionId, tab) => onSearchChange({ reactions: intentionId, tab })}
          renderComments={renderComments}
        />
      </div>
      {search.reactions !== undefined && (
        <Suspense fallback={null}>
          <IntentionReactorsDialog
            intentionId={search.reactions}
            tab={search.tab ?? 'prayed'}
            onTabChange={(tab) => onSearchChange({ tab })}
            onClose={() => onSearchChange({ reactions: undefined, tab: undefined })}
          />
        </Suspense>
      )}
      {report.element}
      {shareMessage && (
        <Snackbar open autoHideDuration={4000} onClose={() => setShareOutcome(null)}>
          <Alert severity={shareMessage.severity}>
            {shareMessage.text}
            {shareMessage.severity === 'success' && shareOutcome?.note && ` ${shareOutcome.note}`}
          </Alert>
        </Snackbar>
      )}
    </Container>
  )
}
