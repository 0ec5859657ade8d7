import { Chip } from '@/ui/chip'
import { Text } from '@/ui/text'
import styles from './under-review-notice.module.css'

export const UNDER_REVIEW_TEXT = 'Under review'
export const UNDER_REVIEW_HINT = 'Only you can see this until a moderator has looked at it.'

// Issue 8: an author's own post that reports put on hold. The server sends `under_review` to its
// author alone; everyone else no longer sees the post, so the author is told why.
export function UnderReviewNotice() {
  return (
    <div className={styles.notice}>
      <Chip label={UNDER_REVIEW_TEXT} color="secondary" size="small" />
      <Text variant="caption" secondary>
        {UNDER_REVIEW_HINT}
      </Text>
    </div>
  )
}
