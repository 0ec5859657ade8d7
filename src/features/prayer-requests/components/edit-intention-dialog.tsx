import {
  type Intention,
  IntentionDetailsSchema,
  IntentionTitleSchema,
  type IntentionWriteResponse,
} from '@contract/intentions'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useId, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { getIntention } from '../api/get-intention'
import { type IntentionEdit, useUpdateIntention } from '../api/update-intention'
import { editErrorMessage } from '../write-errors'
import { TagInput } from './tag-input'

type Editable = Pick<Intention, 'intention_id' | 'title' | 'details' | 'tags' | 'updated_at'>

type EditIntentionDialogProps = {
  intention: Editable
  open: boolean
  onClose: () => void
  /** The saved intention, with the support block when its words signal crisis (DESIGN §4). */
  onSaved: (saved: IntentionWriteResponse) => void
}

type Phase = 'edit' | 'saving' | 'conflict' | 'error' | 'view'

// The contract's message, in the member's language.
const issue = (schema: typeof IntentionTitleSchema, value: string) => {
  const message = schema.safeParse(value).error?.issues[0]?.message
  return message === undefined ? undefined : translateText(message)
}

// Spec 001 §2 "Edit prayer request dialog" (view, edit, saving, conflict with reload, error).
// Mounted only while open, so each opening starts from the intention as the caller has it.
export function EditIntentionDialog(props: EditIntentionDialogProps) {
  return props.open ? <EditIntentionForm key={props.intention.updated_at} {...props} /> : null
}

// A 409 means someone saved in the meantime: reloading shows the latest version (view) before
// the member edits it again.
function EditIntentionForm({ intention, open, onClose, onSaved }: EditIntentionDialogProps) {
  const t = useT()
  const titleId = useId()
  const [base, setBase] = useState<Editable>(intention)
  const [edit, setEdit] = useState<IntentionEdit>({
    title: intention.title,
    details: intention.details,
    tags: intention.tags,
  })
  const [phase, setPhase] = useState<Phase>('edit')
  const [message, setMessage] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  const update = useUpdateIntention()

  const titleError = issue(IntentionTitleSchema, edit.title)
  const detailsError = issue(IntentionDetailsSchema, edit.details)
  const changed =
    edit.title !== base.title ||
    edit.details !== base.details ||
    edit.tags.join() !== base.tags.join()
  useUnsavedChanges(open && changed)

  const close = () => {
    if (phase === 'saving') return
    setPhase('edit')
    setMessage(null)
    onClose()
  }

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (titleError || detailsError || phase === 'saving') return
    setPhase('saving')
    setMessage(null)
    update.mutate(
      {
        intention: base,
        edit: { ...edit, title: edit.title.trim(), details: edit.details.trim() },
      },
      {
        onSuccess: (saved) => {
          setBase(saved)
          setPhase('edit')
          onSaved(saved)
        },
        onError: (error) => {
          setPhase((error as { status?: number }).status === 409 ? 'conflict' : 'error')
          setMessage(editErrorMessage(error))
        },
      },
    )
  }

  const reload = async () => {
    setReloading(true)
    try {
      const latest = await getIntention(intention.intention_id)
      setBase(latest)
      setPhase('view')
      setMessage(null)
    } catch (error) {
      setPhase('error')
      setMessage(editErrorMessage(error))
    } finally {
      setReloading(false)
    }
  }

  const editLatest = () => {
    setEdit({ title: base.title, details: base.details, tags: base.tags })
    setPhase('edit')
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: save } as object }}
    >
      <DialogTitle id={titleId}>{t('Edit prayer request')}</DialogTitle>
      <DialogContent>
        {phase === 'view' ? (
          <Stack spacing={1} aria-label={t('Latest version')}>
            <Typography variant="overline">{t('Latest version')}</Typography>
            <Typography component="h3" variant="h6" dir="auto">
              {base.title}
            </Typography>
            <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
              {base.details}
            </Typography>
            {base.tags.length > 0 ? (
              <Typography variant="body2">
                {t('Tags of the latest version', { tags: base.tags.join(', ') })}
              </Typography>
            ) : null}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('Title (prayer request)')}
              required
              value={edit.title}
              disabled={phase === 'saving'}
              onChange={(event) => setEdit({ ...edit, title: event.target.value })}
              error={Boolean(titleError)}
              helperText={titleError}
            />
            <TextField
              label={t('Details (prayer request)')}
              required
              multiline
              minRows={4}
              value={edit.details}
              disabled={phase === 'saving'}
              onChange={(event) => setEdit({ ...edit, details: event.target.value })}
              error={Boolean(detailsError)}
              helperText={detailsError}
            />
            <TagInput value={edit.tags} onChange={(tags) => setEdit({ ...edit, tags })} />
          </Stack>
        )}
        <div aria-live="assertive">
          {message ? (
            <Alert severity={phase === 'conflict' ? 'warning' : 'error'} sx={{ mt: 2 }}>
              {message}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={phase === 'saving'}>
          {t('Cancel')}
        </Button>
        {phase === 'conflict' ? (
          <Button variant="outlined" disabled={reloading} onClick={() => void reload()}>
            {reloading ? t('Reloading…') : t('Reload latest')}
          </Button>
        ) : null}
        {phase === 'view' ? (
          <Button variant="contained" onClick={editLatest}>
            {t('Edit')}
          </Button>
        ) : (
          <VerifiedSubmitButton
            variant="contained"
            disabled={phase === 'saving' || Boolean(titleError || detailsError)}
          >
            {phase === 'saving' ? t('Saving…') : t('Save changes')}
          </VerifiedSubmitButton>
        )}
      </DialogActions>
    </Dialog>
  )
}
