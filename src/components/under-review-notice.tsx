import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

export const UNDER_REVIEW_TEXT = 'Under review'
export const UNDER_REVIEW_HINT = 'Only you can see this until a moderator has looked at it.'

// Issue 8: an author's own post that reports put on hold. The server sends `under_review` to its
// author alone; everyone else no longer sees the post, so the author is told why.
export function UnderReviewNotice() {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip label={UNDER_REVIEW_TEXT} color="secondary" size="small" />
      <Typography variant="caption" color="text.secondary">
        {UNDER_REVIEW_HINT}
      </Typography>
    </Stack>
  )
}
