import type { Comment, CommentReactionKind } from '@contract/comments'
import ThumbUp from '@mui/icons-material/ThumbUp'
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined'
import VolunteerActivism from '@mui/icons-material/VolunteerActivism'
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { PendingChip } from '@/components/pending-chip'
import { useLanguage, useT } from '@/i18n/use-t'
import { useReactToComment } from '../api/react-to-comment'

const kinds = {
  like: {
    label: 'Like (comment)',
    whoLabel: 'Show who liked',
    flag: 'liked',
    count: 'likes',
    on: <ThumbUp fontSize="small" />,
    off: <ThumbUpOutlined fontSize="small" />,
  },
  amen: {
    label: 'Amen (comment)',
    whoLabel: 'Show who said Amen',
    flag: 'amened',
    count: 'amens',
    on: <VolunteerActivism fontSize="small" />,
    off: <VolunteerActivismOutlined fontSize="small" />,
  },
} as const

/**
 * Spec 001 §2/§4: like and amen toggles (pressed state for assistive tech), each with its count,
 * which opens who reacted. Closed prayers take no responses (§4), so the toggles rest; the
 * counts still open.
 */
export function CommentReactions({
  intentionId,
  comment,
  closed,
  onShowReactors,
}: {
  intentionId: string
  comment: Comment
  closed: boolean
  onShowReactors: (kind: CommentReactionKind, opener: HTMLElement) => void
}) {
  const t = useT()
  const language = useLanguage()
  const react = useReactToComment(intentionId)
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {(['like', 'amen'] as const).map((kind) => {
        const { label, whoLabel, flag, count, on, off } = kinds[kind]
        const active = comment[flag]
        return (
          <Stack key={kind} direction="row" sx={{ alignItems: 'center' }}>
            <Button
              size="small"
              aria-pressed={active}
              color={active ? 'primary' : 'inherit'}
              startIcon={active ? on : off}
              disabled={closed}
              onClick={() => react.mutate({ commentId: comment.comment_id, kind, active: !active })}
            >
              {t(label)}
            </Button>
            <Button
              size="small"
              color="inherit"
              sx={{ minWidth: 0 }}
              aria-label={t(whoLabel, { count: comment[count] })}
              onClick={(event) => onShowReactors(kind, event.currentTarget)}
            >
              {comment[count].toLocaleString(language)}
            </Button>
          </Stack>
        )
      })}
      <PendingChip subject={`comment:${comment.comment_id}`} />
    </Stack>
  )
}
