import type { Comment, CommentReactionKind } from '@contract/comments'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import { useEffect, useRef, useState } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useProfile } from '@/lib/session'
import { CommentForm } from './comment-form'
import { CommentReactorsDialog } from './comment-reactors-dialog'
import { CommentReport } from './comment-report'
import { CommentThread } from './comment-thread'
import { type DeleteMode, DeleteCommentDialog } from './delete-comment-dialog'
import { visuallyHidden } from './visually-hidden'

export type CommentsSectionProps = {
  intentionId: string
  /** Closed prayers take no comments (spec 001 §4); the card says so, this hides the form. */
  closed: boolean
  /**
   * Part of the card's slot. Nothing here depends on it: the server marks the prayer author's
   * comments with `is_op` and the viewer's own with `isYou`, and the prayer's owner has no power
   * over other people's comments (spec 001 §6).
   */
  isMineIntention: boolean
  /** +1 after a post, −1 after a delete, for the card's Comments count. */
  onCountChange: (delta: number) => void
}

type Target = { comment: Comment; opener: HTMLElement }

/**
 * The comments area of one prayer (spec 001 §2): the thread oldest first with "Load more",
 * the form, and the dialogs of one comment at a time (delete, report, who reacted).
 */
export function CommentsSection({ intentionId, closed, onCountChange }: CommentsSectionProps) {
  const t = useT()
  const { profile } = useProfile()
  const isModerator = profile?.isModerator ?? false
  const regionRef = useRef<HTMLElement>(null)
  // An id, worded at render so a language switch rewords it.
  const [announcement, setAnnouncement] = useState<MessageId | null>(null)
  const [deleting, setDeleting] = useState<(Target & { mode: DeleteMode }) | null>(null)
  const [reporting, setReporting] = useState<Target | null>(null)
  const [thankedId, setThankedId] = useState<string | null>(null)
  const [reactors, setReactors] = useState<(Target & { kind: CommentReactionKind }) | null>(null)

  // Spec 001 §4, §9: the thank-you after a report shows for 4 seconds.
  useEffect(() => {
    if (thankedId === null) return
    const timer = setTimeout(() => setThankedId(null), 4000)
    return () => clearTimeout(timer)
  }, [thankedId])

  function closeReport() {
    returnFocus(reporting?.opener)
    setReporting(null)
  }

  function request(action: 'delete' | 'report', comment: Comment, opener: HTMLElement) {
    if (action === 'report') setReporting({ comment, opener })
    else setDeleting({ comment, opener, mode: comment.isYou ? 'delete' : 'remove' })
  }

  return (
    <Stack component="section" ref={regionRef} tabIndex={-1} spacing={2} sx={{ outline: 'none' }}>
      <CommentThread
        intentionId={intentionId}
        closed={closed}
        isModerator={isModerator}
        thankedId={thankedId}
        onRequest={request}
        onShowReactors={(comment, kind, opener) => setReactors({ comment, kind, opener })}
      />
      {!closed && (
        <CommentForm
          intentionId={intentionId}
          onPosted={() => {
            onCountChange(1)
            setAnnouncement('Comment posted.')
          }}
        />
      )}
      <Box role="status" sx={visuallyHidden}>
        {announcement && t(announcement)}
      </Box>
      <DeleteCommentDialog
        intentionId={intentionId}
        commentId={deleting?.comment.comment_id ?? null}
        mode={deleting?.mode ?? 'delete'}
        open={deleting !== null}
        onClose={() => {
          returnFocus(deleting?.opener)
          setDeleting(null)
        }}
        onDeleted={() => {
          onCountChange(-1)
          setAnnouncement(deleting?.mode === 'remove' ? 'Comment removed.' : 'Comment deleted.')
          setDeleting(null)
          // The comment and its menu button are gone; keep keyboard focus in the thread.
          returnFocus(regionRef.current)
        }}
      />
      <CommentReport
        intentionId={intentionId}
        comment={reporting?.comment ?? null}
        onClose={closeReport}
        onReported={(commentId) => {
          setThankedId(commentId)
          closeReport()
        }}
      />
      <CommentReactorsDialog
        intentionId={intentionId}
        commentId={reactors?.comment.comment_id ?? null}
        kind={reactors?.kind ?? 'like'}
        onKindChange={(kind) => setReactors((current) => current && { ...current, kind })}
        onClose={() => {
          returnFocus(reactors?.opener)
          setReactors(null)
        }}
      />
    </Stack>
  )
}

// Spec 001 §2 "Focus returns to the opener". The dialog gives focus back to whatever held it when
// it opened (the closing menu's item, gone by now), so the opener is focused once it has closed.
function returnFocus(opener: HTMLElement | null | undefined) {
  setTimeout(() => opener?.focus(), 0)
}
