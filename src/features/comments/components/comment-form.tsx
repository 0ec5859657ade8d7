import type { SupportBlock } from '@contract/content-policy'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { useT } from '@/i18n/use-t'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { commentDraftQueryOptions } from '../api/comment-draft'
import { useCreateComment } from '../api/create-comment'
import { COMMENT_TEXT, postErrorMessage } from '../comment-messages'
import { useCommentDraft } from '../hooks/use-comment-draft'
import { CommentLengthCounter } from './comment-length-counter'
import { CommentSupportNotice } from './comment-support-notice'
import { PendingComments } from './pending-comments'

/**
 * Spec 001 §2 comment form. What the member typed stays in the box until the server has it:
 * a failed post keeps the text, closing the expander keeps it for when it opens again, and the
 * app treats it as unsaved input meanwhile.
 */
export function CommentForm({
  intentionId,
  onPosted,
}: {
  intentionId: string
  onPosted: () => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const kept = commentDraftQueryOptions(intentionId)
  const { data: keptText } = useQuery(kept)
  const draft = useCommentDraft(keptText)
  const create = useCreateComment(intentionId)
  const [failure, setFailure] = useState<string | null>(null)
  const [support, setSupport] = useState<SupportBlock | null>(null)
  const counterId = useId()
  const errorId = useId()
  useUnsavedChanges(draft.value.length > 0)

  function change(text: string) {
    draft.change(text)
    queryClient.setQueryData(kept.queryKey, text)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (create.isPending) return
    const content = draft.submit()
    if (content === null) return
    setFailure(null)
    setSupport(null)
    create.mutate(content, {
      // Null: offline, the text moved to the outbox and shows above as pending.
      onSuccess: (answer) => {
        draft.reset()
        queryClient.setQueryData(kept.queryKey, '')
        if (!answer) return
        setSupport(answer.support ?? null)
        onPosted()
      },
      onError: (error) => setFailure(postErrorMessage(error)),
    })
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <PendingComments intentionId={intentionId} />
      <TextField
        multiline
        minRows={2}
        value={draft.value}
        onChange={(event) => change(event.target.value)}
        placeholder={t(COMMENT_TEXT.placeholder)}
        error={draft.error !== null}
        slotProps={{
          htmlInput: {
            // What is typed while the post is on its way would be cleared with the sent text.
            readOnly: create.isPending,
            'aria-label': t('Write a comment'),
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
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CommentLengthCounter id={counterId} length={draft.value.length} />
          <VerifiedSubmitButton variant="contained" size="small" disabled={create.isPending}>
            {create.isPending ? t(COMMENT_TEXT.posting) : t(COMMENT_TEXT.post)}
          </VerifiedSubmitButton>
        </Stack>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {support && <CommentSupportNotice support={support} />}
    </Stack>
  )
}
