import type { Comment, CommentWriteResponse } from '@contract/comments'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { useT } from '@/i18n/use-t'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { findCachedComment } from '../api/comments-cache'
import { commentsQueryOptions } from '../api/get-comments'
import { useUpdateComment } from '../api/update-comment'
import { COMMENT_ERRORS, COMMENT_TEXT, editErrorMessage, isConflict } from '../comment-messages'
import { useCommentDraft } from '../hooks/use-comment-draft'
import { CommentLengthCounter } from './comment-length-counter'

// Spec 001 §2 comment states past "view": edit, saving, conflict (409, with Reload latest), error.
type EditorState =
  | { kind: 'edit' }
  | { kind: 'saving' }
  | { kind: 'conflict'; reloading: boolean }
  | { kind: 'error'; message: string }

/**
 * Edits one comment with optimistic concurrency (spec 001 §4): the save carries the update time
 * the editor started from. After a conflict, "Reload latest" loads the thread again and the next
 * save builds on the newest version; the member's own wording stays in the box, with the latest
 * saved text shown above it to compare.
 */
export function CommentEditor({
  intentionId,
  comment,
  onSaved,
  onCancel,
}: {
  intentionId: string
  comment: Comment
  onSaved: (answer: CommentWriteResponse) => void
  onCancel: () => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const update = useUpdateComment(intentionId)
  const draft = useCommentDraft(comment.content)
  const [base, setBase] = useState(comment.updated_at)
  const [latest, setLatest] = useState<string | null>(null)
  const [state, setState] = useState<EditorState>({ kind: 'edit' })
  const counterId = useId()
  const errorId = useId()
  useUnsavedChanges(draft.value !== comment.content)

  function save(event: FormEvent) {
    event.preventDefault()
    if (state.kind === 'saving') return
    const content = draft.submit()
    if (content === null) return
    setState({ kind: 'saving' })
    update.mutate(
      { commentId: comment.comment_id, content, expectedUpdatedAt: base },
      {
        onSuccess: onSaved,
        onError: (error) =>
          setState(
            isConflict(error)
              ? { kind: 'conflict', reloading: false }
              : { kind: 'error', message: editErrorMessage(error) },
          ),
      },
    )
  }

  async function reloadLatest() {
    setState({ kind: 'conflict', reloading: true })
    const { queryKey } = commentsQueryOptions(intentionId)
    await queryClient.refetchQueries({ queryKey, exact: true })
    const fresh = findCachedComment(queryClient, intentionId, comment.comment_id)
    if (!fresh) {
      setState({ kind: 'error', message: t(COMMENT_ERRORS.gone) })
      return
    }
    setBase(fresh.updated_at)
    setLatest(fresh.content)
    setState({ kind: 'edit' })
  }

  const saving = state.kind === 'saving'
  return (
    <Stack component="form" noValidate onSubmit={save} spacing={1}>
      {latest !== null && (
        <Typography variant="body2" color="textSecondary">
          {t('Latest saved version', { text: latest })}
        </Typography>
      )}
      <TextField
        multiline
        minRows={2}
        value={draft.value}
        onChange={(event) => draft.change(event.target.value)}
        disabled={saving}
        error={draft.error !== null}
        slotProps={{
          htmlInput: {
            'aria-label': t('Edit comment'),
            'aria-describedby': draft.error ? `${errorId} ${counterId}` : counterId,
          },
        }}
      />
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography
          id={errorId}
          variant="caption"
          color="error"
          role={draft.error ? 'alert' : undefined}
        >
          {draft.error}
        </Typography>
        <CommentLengthCounter id={counterId} length={draft.value.length} />
      </Stack>
      {state.kind === 'conflict' && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void reloadLatest()}
              disabled={state.reloading}
            >
              {t(COMMENT_TEXT.reloadLatest)}
            </Button>
          }
        >
          {t(COMMENT_ERRORS.conflict)}
        </Alert>
      )}
      {state.kind === 'error' && <Alert severity="error">{state.message}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onCancel} disabled={saving}>
          {t('Cancel')}
        </Button>
        <VerifiedSubmitButton
          size="small"
          variant="contained"
          disabled={saving || state.kind === 'conflict'}
        >
          {saving ? t('Saving…') : t('Save')}
        </VerifiedSubmitButton>
      </Stack>
    </Stack>
  )
}
