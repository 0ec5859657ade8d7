import { Snackbar } from '@/components/lazy-snackbar'
import type { Intention } from '@contract/intentions'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useId, useState } from 'react'
import { LightTabs } from '@/components/light-tabs'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { useProfile } from '@/lib/session'
import { Alert } from '@/ui/alert'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { membersOnlyNote, type ShareOutcome, shareIntention } from '../share-intention'
import { type ReactorTab, WALL_VIEWS, WALL_VIEW_LABELS, type WallView } from '../wall-views'
import type { IntentionActions } from './intention-card-menu'
import type { RenderComments } from './intention-card'
import { IntentionFeed } from './intention-feed'
import { PendingIntentions } from './pending-intentions'
import { useIntentionReport } from './intention-report'
import styles from './prayer-wall-page.module.css'

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
  Record<ShareOutcome, { text: MessageId; severity: 'success' | 'error' }>
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
  const t = useT()
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
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('Prayer Wall')}</h1>
          <p className={styles.lede}>
            {t('A gentle public square for sharing intentions and praying for one another.')}
          </p>
        </div>
        {/* On a phone the bottom bar holds "Ask for Prayer" (issue 47). */}
        <div className={styles.ask}>
          <VerifiedSubmitButton
            type="button"
            variant="contained"
            onClick={() => void navigate({ to: '/prayerwall/create' })}
          >
            {t('Ask for Prayer')}
          </VerifiedSubmitButton>
        </div>
      </div>
      {/* Three tabs share a 320 px screen instead of pushing the page sideways (issue 17). */}
      <LightTabs
        aria-label={t('Prayer wall views')}
        tabs={WALL_VIEWS.map((candidate) => ({
          value: candidate,
          label: t(WALL_VIEW_LABELS[candidate]),
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
            {t(shareMessage.text)}
            {shareMessage.severity === 'success' && shareOutcome?.note && ` ${shareOutcome.note}`}
          </Alert>
        </Snackbar>
      )}
    </div>
  )
}
