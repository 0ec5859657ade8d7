import { ANONYMOUS_AUTHOR_NAME, type Intention } from '@contract/intentions'
import { type ReactNode, type Ref, useId, useState } from 'react'
import { MemberAvatar } from '@/components/avatar/member-avatar'
import { ClampedText } from '@/components/clamped-text'
import { PrayerUpdatesTimeline } from '@/components/prayer-updates-timeline'
import { TextLink } from '@/components/text-link'
import { UnderReviewNotice } from '@/components/under-review-notice'
import { formatFullDate } from '@/lib/date-formats'
import { Chip } from '@/ui/chip'
import { cx } from '@/ui/class-names'
import surface from '@/ui/surface.module.css'
import { Text } from '@/ui/text'
import { translateText, type MessageId } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { formatRelativeTime } from '@/lib/relative-time'
import type { ReactorTab } from '../wall-views'
import type { IntentionActions } from './intention-card-menu'
import { IntentionActionRow, IntentionCounts } from './intention-responses'
import styles from './intention-card.module.css'
import { IntentionStatusChip } from './intention-status-chip'

export const CLOSED_COMMENTS_TEXT: MessageId = 'Comments are disabled for closed prayers.'

export function intentionElementId(intentionId: string): string {
  return `intention-${intentionId}`
}

export type RenderComments = (
  intention: Intention,
  onCountChange: (delta: number) => void,
) => ReactNode

type IntentionCardProps = {
  intention: Intention
  isModerator: boolean
  highlighted?: boolean
  now: Date
  actions: IntentionActions
  onOpenReactors: (tab: ReactorTab) => void
  onCommentCountChange: (delta: number) => void
  renderComments?: RenderComments
  /** Shows the timed prayer's hint under this card's "Pray now" (the feed picks one, issue 47). */
  prayHint?: boolean
  ref?: Ref<HTMLElement>
}

// Spec 001 §2: "Anonymous" for anonymous posts (the server already sends that name), "(You)"
// after the viewer's own name.
export function authorLine(
  intention: Pick<Intention, 'identity_mode' | 'author_display_name' | 'is_mine'>,
  t: ReturnType<typeof useT>,
): string {
  const name =
    intention.identity_mode === 'anonymous'
      ? translateText(ANONYMOUS_AUTHOR_NAME)
      : intention.author_display_name
  return intention.is_mine ? t('Name (You)', { name }) : name
}

export function IntentionCard({
  intention,
  isModerator,
  highlighted = false,
  now,
  actions,
  onOpenReactors,
  onCommentCountChange,
  renderComments,
  prayHint,
  ref,
}: IntentionCardProps) {
  const language = useLanguage()
  const t = useT()
  const [commentsOpen, setCommentsOpen] = useState(false)
  const titleId = useId()
  const commentsId = useId()
  const closed = intention.status !== 'active'
  const created = new Date(intention.created_at)
  const author = authorLine(intention, t)
  return (
    <article
      ref={ref}
      id={intentionElementId(intention.intention_id)}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      className={cx(surface.card, styles.intention)}
    >
      <div className={styles.content}>
        <div className={styles.stack}>
          <div className={styles.header}>
            <MemberAvatar
              displayName={intention.author_display_name}
              anonymous={intention.identity_mode === 'anonymous'}
            />
            <div className={styles.byline}>
              <Text as="h2" variant="h6" id={titleId} dir="auto" className={styles.title}>
                {intention.title}
              </Text>
              <Text variant="body2" secondary className={styles.meta}>
                <bdi>{author}</bdi>
                {' · '}
                <time
                  dateTime={intention.created_at}
                  // Only a pointer shows a title, so it is written when one arrives: the page's
                  // first Intl formatter cost ~50 ms of a throttled phone's first render.
                  onPointerEnter={(event) => {
                    event.currentTarget.title ||= formatFullDate(created)
                  }}
                >
                  {formatRelativeTime(created, now, language)}
                </time>
                {intention.group_name && (
                  <>
                    {' · '}
                    <bdi>{intention.group_name}</bdi>
                  </>
                )}
              </Text>
            </div>
            <IntentionStatusChip status={intention.status} />
          </div>
          {intention.under_review && <UnderReviewNotice waiting={intention.waiting_for_review} />}
          {intention.details && <ClampedText text={intention.details} />}
          {intention.scripture_ref && (
            <Text variant="body2" className={styles.scripture}>
              {intention.scripture_ref}
            </Text>
          )}
          {intention.tags.length > 0 && (
            <ul aria-label={t('Tags')} className={styles.tags}>
              {intention.tags.map((tag) => (
                <li key={tag}>
                  <Chip label={tag} size="small" variant="outlined" />
                </li>
              ))}
            </ul>
          )}
          <PrayerUpdatesTimeline updates={intention.updates} />
          {closed && intention.has_testimony && intention.testimony_id && (
            <TextLink to="/testimonies" search={{ highlight: intention.testimony_id }}>
              {t('View Testimony')}
            </TextLink>
          )}
          <IntentionCounts intention={intention} onOpenReactors={onOpenReactors} />
          <IntentionActionRow
            intention={intention}
            isModerator={isModerator}
            actions={actions}
            prayHint={prayHint}
            comments={
              renderComments && {
                open: commentsOpen,
                controls: commentsId,
                onToggle: () => setCommentsOpen((open) => !open),
              }
            }
          />
          {closed && <Text secondary>{t(CLOSED_COMMENTS_TEXT)}</Text>}
          {/* Mounted only while open, like MUI's Collapse with unmountOnExit: a closed thread
              fetches and renders nothing. */}
          {renderComments && commentsOpen && (
            <div id={commentsId} className={styles.comments}>
              <div className={styles.commentsInner}>
                {renderComments(intention, onCommentCountChange)}
              </div>
            </div>
          )}
        </div>
      </div>
    </article>
  )
}
