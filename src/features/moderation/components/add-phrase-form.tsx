import { BlocklistPhraseBodySchema, MODERATION_LIMITS } from '@contract/moderation'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useActionSubmit } from '../hooks/use-action-submit'

type AddPhraseFormProps = { onAdd: (phrase: string) => Promise<void> }

// The phrase stays in the box until the server has it; a refusal is shown under the box.
export function AddPhraseForm({ onAdd }: AddPhraseFormProps) {
  const t = useT()
  const [phrase, setPhrase] = useState('')
  const { attempted, sending, failure, setFailure, run } = useActionSubmit()
  const parsed = BlocklistPhraseBodySchema.safeParse({ phrase })
  const issue = parsed.success ? undefined : parsed.error.issues[0]?.message
  const invalid = issue === undefined ? undefined : translateText(issue)
  const message = (attempted ? invalid : undefined) ?? failure

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    if (await run(parsed.success ? () => onAdd(parsed.data.phrase) : null)) setPhrase('')
  }

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        label={t('Word or phrase')}
        value={phrase}
        onChange={(event) => {
          setPhrase(event.target.value)
          setFailure(null)
        }}
        required
        size="small"
        disabled={sending}
        error={message !== undefined && message !== null}
        helperText={
          message ??
          t('Up to {max} characters; letter case is ignored.', { max: MODERATION_LIMITS.phraseMax })
        }
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" disabled={sending}>
        {sending ? t('Adding…') : t('Add (a blocked phrase)')}
      </Button>
    </Stack>
  )
}
