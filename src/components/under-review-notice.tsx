import { Chip } from '@/ui/chip'
import { Text } from '@/ui/text'
import styles from './under-review-notice.module.css'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

export const UNDER_REVIEW_TEXT: MessageId = 'Under review'
export const UNDER_REVIEW_HINT: MessageId =
  'Only you can see this until a moderator has looked at it.'
export const WAITING_FOR_REVIEW_TEXT: MessageId = 'Waiting for review'
export const WAITING_FOR_REVIEW_HINT: MessageId =
  'Only you can see this until a moderator approves it.'

// Issue 8: an author's own post that reports put on hold. The server sends `under_review` to its
// author alone; everyone else no longer sees the post, so the author is told why. Issue 38:
// `waiting` (the server's `waiting_for_review`) when the community reviews posts before they
// are published: the post was never public, so it waits rather than being under review.
export function UnderReviewNotice({ waiting = false }: { waiting?: boolean | undefined }) {
  const t = useT()
  return (
    <div className={styles.notice}>
      <Chip
        label={t(waiting ? WAITING_FOR_REVIEW_TEXT : UNDER_REVIEW_TEXT)}
        color="secondary"
        size="small"
      />
      <Text variant="caption" secondary>
        {t(waiting ? WAITING_FOR_REVIEW_HINT : UNDER_REVIEW_HINT)}
      </Text>
    </div>
  )
}
