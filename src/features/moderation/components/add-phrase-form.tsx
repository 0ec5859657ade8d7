import { BlocklistPhraseBodySchema, MODERATION_LIMITS } from '@contract/moderation'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { actionErrorMessage } from '../moderation-text'

type AddPhraseFormProps = { onAdd: (phrase: string) => Promise<void> }

// The phrase stays in the box until the server has it; a refusal is shown under the box.
export function AddPhraseForm({ onAdd }: AddPhraseFormProps) {
  const [phrase, setPhrase] = useState('')
  const [attempted, setAttempted] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const parsed = BlocklistPhraseBodySchema.safeParse({ phrase })
  const invalid = parsed.success ? undefined : parsed.error.issues[0]?.message
  const message = (attempted ? invalid : undefined) ?? failure

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    setFailure(null)
    if (!parsed.success) return
    setSending(true)
    try {
      await onAdd(parsed.data.phrase)
      setPhrase('')
      setAttempted(false)
    } catch (error) {
      setFailure(actionErrorMessage(error))
    } finally {
      setSending(false)
    }
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
        label="Word or phrase"
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
          message ?? `Up to ${MODERATION_LIMITS.phraseMax} characters; letter case is ignored.`
        }
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" disabled={sending}>
        {sending ? 'Adding…' : 'Add'}
      </Button>
    </Stack>
  )
}
