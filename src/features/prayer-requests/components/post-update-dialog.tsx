import {
  PRAYER_UPDATE_LIMITS,
  PrayerUpdateBodySchema,
  type PrayerUpdate,
} from '@contract/prayer-updates'
import type { Intention } from '@contract/intentions'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { type FormEvent, useCallback, useId, useState } from 'react'
import * as z from 'zod/mini'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useDraft, writeDraft } from '@/lib/drafts'
import { useMemberId } from '@/lib/session'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { usePostPrayerUpdate } from '../api/post-prayer-update'
import { prayerUpdateErrorMessage } from '../write-errors'

// The member's unsent updates, one per request, in one draft: a sign-out wipes them with the
// other drafts, and composing one request's update never touches another's.
type UpdateDrafts = Record<string, string>
const UPDATE_DRAFTS = {
  schema: z.record(z.string(), z.string()),
  hasContent: (drafts: UpdateDrafts) => Object.values(drafts).some((text) => text.trim() !== ''),
}

/** What the counter and the field's error say: the contract's limits and messages. */
function lengthIssue(text: string): string | null {
  const message = PrayerUpdateBodySchema.safeParse({ text }).error?.issues[0]?.message
  return message === undefined ? null : translateText(message)
}

type PostUpdateDialogProps = {
  intention: Pick<Intention, 'intention_id' | 'title'>
  onClose: () => void
  onPosted: (update: PrayerUpdate) => void
}

/**
 * Issue 20: the author of an active request tells those praying how it goes (70–1,200
 * characters). What is typed is kept on the device as a draft until the server has it.
 */
export function PostUpdateDialog({ intention, onClose, onPosted }: PostUpdateDialogProps) {
  const t = useT()
  const titleId = useId()
  const userId = useMemberId()
  const id = intention.intention_id
  const [drafts, setDrafts] = useState<UpdateDrafts>({})
  const [attempted, setAttempted] = useState(false)
  const post = usePostPrayerUpdate()
  // A draft read that lands after the member started typing keeps the new input.
  const restore = useCallback(
    (stored: UpdateDrafts) => setDrafts((current) => ({ ...stored, ...current })),
    [],
  )
  const draft = useDraft('prayer-update', userId, drafts, restore, UPDATE_DRAFTS)
  const text = drafts[id] ?? ''
  const issue = lengthIssue(text)
  useUnsavedChanges(text.trim() !== '')

  const change = (value: string) => setDrafts((current) => ({ ...current, [id]: value }))
  const close = () => {
    if (post.isPending) return
    post.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (issue || post.isPending) return
    post.mutate(
      { intentionId: id, text: text.trim() },
      {
        onSuccess: async (update) => {
          // The dialog closes now, before a save of the new state could run: the sent text
          // leaves the stored draft here, and other requests' drafts are written back.
          const { [id]: _sent, ...others } = drafts
          await draft.clear()
          if (userId && UPDATE_DRAFTS.hasContent(others))
            await writeDraft('prayer-update', userId, others)
          onPosted(update)
        },
      },
    )
  }

  const showIssue = attempted && issue !== null
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{t('Post an update')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('Tell those praying how it goes', { title: intention.title })}
        </DialogContentText>
        <TextField
          label={t('Update (field)')}
          required
          multiline
          minRows={4}
          fullWidth
          value={text}
          onChange={(event) => change(event.target.value)}
          error={showIssue}
          helperText={
            showIssue
              ? issue
              : t('Update length', {
                  count: text.trim().length,
                  max: PRAYER_UPDATE_LIMITS.max,
                  min: PRAYER_UPDATE_LIMITS.min,
                })
          }
          slotProps={{ htmlInput: { readOnly: post.isPending } }}
        />
        {text.trim() !== '' && (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {t('Draft saved automatically (update)')}
          </DialogContentText>
        )}
        <div aria-live="assertive">
          {post.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {prayerUpdateErrorMessage(post.error)}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={post.isPending}>
          {t('Cancel')}
        </Button>
        <VerifiedSubmitButton variant="contained" disabled={post.isPending}>
          {post.isPending ? t('Posting…') : t('Post update')}
        </VerifiedSubmitButton>
      </DialogActions>
    </Dialog>
  )
}
