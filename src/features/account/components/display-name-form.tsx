import { AccountMessage, AccountPatchBodySchema, DISPLAY_NAME_CHANGE_DAYS } from '@contract/account'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { t as translate, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useChangeDisplayName } from '../api/change-display-name'
import { refusalOf } from './problem-fields'

/** Issue 39: the public name, changed at most once a week under the onboarding rules. */
export function DisplayNameForm({ current }: { current: string | null }) {
  const t = useT()
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
      setDone(translate('Your display name is now {name}.', { name: parsed.data.display_name }))
    } catch (failure) {
      const refusal = refusalOf(failure, ['display_name'] as const)
      setError(refusal.fields.display_name ?? refusal.form)
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextField
        label={t('Display name')}
        name="display_name"
        autoComplete="nickname"
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          setError(null)
        }}
        error={error !== null}
        helperText={
          error
            ? translateText(error)
            : t('Display name help (change interval)', { days: DISPLAY_NAME_CHANGE_DAYS })
        }
      />
      <div role="status">{done && <Alert severity="success">{done}</Alert>}</div>
      <Button
        type="submit"
        variant="contained"
        loading={change.isPending}
        sx={{ alignSelf: 'start' }}
      >
        {t('Change display name')}
      </Button>
    </Stack>
  )
}
