import { BlocklistPhraseBodySchema, MODERATION_LIMITS } from '@contract/moderation'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { useActionSubmit } from '../hooks/use-action-submit'

type AddPhraseFormProps = { onAdd: (phrase: string) => Promise<void> }

// The phrase stays in the box until the server has it; a refusal is shown under the box.
export function AddPhraseForm({ onAdd }: AddPhraseFormProps) {
  const [phrase, setPhrase] = useState('')
  const { attempted, sending, failure, setFailure, run } = useActionSubmit()
  const parsed = BlocklistPhraseBodySchema.safeParse({ phrase })
  const invalid = parsed.success ? undefined : parsed.error.issues[0]?.message
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
