import { AccountMessage, AccountPatchBodySchema, DISPLAY_NAME_CHANGE_DAYS } from '@contract/account'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { useChangeDisplayName } from '../api/change-display-name'
import { refusalOf } from './problem-fields'

/** Issue 39: the public name, changed at most once a week under the onboarding rules. */
export function DisplayNameForm({ current }: { current: string | null }) {
  const [name, setName] = useState(current ?? '')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const change = useChangeDisplayName()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setDone(null)
    const parsed = AccountPatchBodySchema.safeParse({ display_name: name })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
    if (parsed.data.display_name === current) return setError(AccountMessage.displayNameUnchanged)
    try {
      await change.mutateAsync(parsed.data)
      setError(null)
      setDone(`Your display name is now ${parsed.data.display_name}.`)
    } catch (failure) {
      const refusal = refusalOf(failure, ['display_name'] as const)
      setError(refusal.fields.display_name ?? refusal.form)
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextField
        label="Display name"
        name="display_name"
        autoComplete="nickname"
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setError(null)
        }}
        error={error !== null}
        helperText={
          error ??
          `Others see this name beside what you share, never beside what you post anonymously. You can change it once every ${DISPLAY_NAME_CHANGE_DAYS} days.`
        }
      />
      <div role="status">{done && <Alert severity="success">{done}</Alert>}</div>
      <Button
        type="submit"
        variant="contained"
        loading={change.isPending}
        sx={{ alignSelf: 'start' }}
      >
        Change display name
      </Button>
    </Stack>
  )
}
