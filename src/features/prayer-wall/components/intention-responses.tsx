import commentsPaths from '@mui/icons-material/ChatBubbleOutlined?svg-paths'
import candleLitPaths from '@mui/icons-material/LocalFireDepartment?svg-paths'
import candlePaths from '@mui/icons-material/LocalFireDepartmentOutlined?svg-paths'
import amenSaidPaths from '@mui/icons-material/VolunteerActivism?svg-paths'
import amenPaths from '@mui/icons-material/VolunteerActivismOutlined?svg-paths'
import selfImprovementPaths from '@mui/icons-material/SelfImprovement?svg-paths'
import type { Intention } from '@contract/intentions'
import { useId } from 'react'
import { ShareButton } from '@/components/share-button'
import { PendingChip } from '@/components/pending-chip'
import { PrayerHint, TimedPrayerButton } from '@/components/timed-prayer-button'
import { ActionButton } from '@/components/action-button'
import { Button } from '@/ui/button'
import { SvgIcon } from '@/ui/svg-icon'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { usePrayForIntention } from '../api/pray-for-intention'
import { useReactToIntention } from '../api/react-to-intention'
import type { ReactorTab } from '../wall-views'
import { type IntentionActions, IntentionCardMenu } from './intention-card-menu'
import styles from './intention-responses.module.css'

const COUNT_LABELS: Record<ReactorTab, MessageId> = {
  prayed: 'Prayed count',
  amen: 'Amen count',
  candle: 'Candle count',
}

function countOf(intention: Intention, tab: ReactorTab): number | undefined {
  return tab === 'prayed'
    ? intention.prayed_count
    : tab === 'amen'
      ? intention.amen_count
      : intention.candle_count
}

/**
 * The three counts, each opening the who-reacted list at its tab (spec 001 §2). The prayer count
 * is absent where the community hides it from all but the author (issue 38): no button then.
 */
export function IntentionCounts({
  intention,
  onOpenReactors,
}: {
  intention: Intention
  onOpenReactors: (tab: ReactorTab) => void
}) {
  const t = useT()
  return (
    <div className={styles.counts}>
      {(['prayed', 'amen', 'candle'] as const).map((tab) => {
        const count = countOf(intention, tab)
        if (count === undefined) return null
        return (
          <Button
            key={tab}
            size="small"
            variant="text"
            color="inherit"
            onClick={() => onOpenReactors(tab)}
            className={styles.count}
          >
            {t(COUNT_LABELS[tab], { count })}
          </Button>
        )
      })}
    </div>
  )
}

type IntentionActionRowProps = {
  intention: Intention
  isModerator: boolean
  actions: IntentionActions
  comments?: { open: boolean; controls: string; onToggle: () => void }
  prayHint?: boolean
}

/**
 * Issue 17 (ADR 0013): one row of Pray now, Say Amen, Light a candle, Comments, Share and the
 * three-dot menu, each at least 44×44 px. The spec's hint is one small line under it on the card
 * the feed picks (`prayHint`, issue 47), "Prayed today" under every prayed card.
 * Closed prayers disable pray, Amen and candle (spec 001 §2); a second pray call while one is in
 * flight is ignored.
 */
export function IntentionActionRow({
  intention,
  isModerator,
  actions,
  comments,
  prayHint = false,
}: IntentionActionRowProps) {
  const t = useT()
  const pray = usePrayForIntention()
  const react = useReactToIntention()
  const hintId = useId()
  const closed = intention.status !== 'active'
  const toggle = (kind: 'amen' | 'candle', active: boolean) =>
    react.mutate({ intentionId: intention.intention_id, kind, active })
  const { onShare } = actions
  return (
    <div>
      <div className={styles.actions}>
        <TimedPrayerButton
          prayed={intention.has_prayed}
          disabled={closed}
          subject={intention.title}
          hintId={hintId}
          hintShown={prayHint}
          startIcon={<SvgIcon paths={selfImprovementPaths} fontSize="inherit" />}
          onComplete={() => {
            if (!pray.isPending) pray.mutate(intention.intention_id)
          }}
        />
        <ActionButton
          label={t(intention.said_amen ? 'Said Amen' : 'Say Amen')}
          icon={<SvgIcon paths={intention.said_amen ? amenSaidPaths : amenPaths} />}
          active={intention.said_amen}
          disabled={closed}
          onClick={() => toggle('amen', !intention.said_amen)}
        />
        <ActionButton
          label={t(intention.lighted_candle ? 'Candle lit' : 'Light a candle')}
          icon={<SvgIcon paths={intention.lighted_candle ? candleLitPaths : candlePaths} />}
          active={intention.lighted_candle}
          disabled={closed}
          onClick={() => toggle('candle', !intention.lighted_candle)}
        />
        {comments && (
          <ActionButton
            label={t('Comments (with the count)', { count: intention.comments_count })}
            visibleText={String(intention.comments_count)}
            icon={<SvgIcon paths={commentsPaths} />}
            aria-expanded={comments.open}
            aria-controls={comments.controls}
            onClick={comments.onToggle}
          />
        )}
        {onShare && <ShareButton onClick={() => onShare(intention)} />}
        <PendingChip subject={`intention:${intention.intention_id}`} />
        <IntentionCardMenu intention={intention} isModerator={isModerator} actions={actions} />
      </div>
      <PrayerHint id={hintId} prayed={intention.has_prayed} shown={prayHint} />
    </div>
  )
}
