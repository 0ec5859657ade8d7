import { AccountMessage, PasswordChangeBodySchema } from '@contract/account'
import { AuthMessage } from '@contract/auth'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useChangePassword } from '../api/change-password'
import { refusalOf } from './problem-fields'

type Field = 'current_password' | 'new_password' | 'confirm_password'

/** Issue 39: with the current password, or a first one for a Google or Facebook account. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useT()
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    new_password: '',
    confirm_password: '',
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const change = useChangePassword()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    setDone(false)
    const found: Partial<Record<Field, string>> = {}
    if (hasPassword && values.current_password === '')
      found.current_password = AccountMessage.currentPasswordRequired
    const parsed = PasswordChangeBodySchema.safeParse({
      ...(hasPassword ? { current_password: values.current_password } : {}),
      new_password: values.new_password,
    })
    if (!parsed.success) found.new_password = parsed.error.issues[0]?.message
    if (values.confirm_password !== values.new_password)
      found.confirm_password = AuthMessage.passwordMismatch
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    try {
      await change.mutateAsync(parsed.data)
      setValues({ current_password: '', new_password: '', confirm_password: '' })
      setDone(true)
    } catch (error) {
      const refusal = refusalOf(error, ['current_password', 'new_password'] as const)
      setErrors(refusal.fields)
      setFailure(refusal.form)
    }
  }

  const field = (name: Field, label: string, autoComplete: string, helper?: string) => (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }))
        setErrors(({ [name]: _, ...rest }) => rest)
      }}
      error={errors[name] !== undefined}
      helperText={translateText(errors[name] ?? helper ?? '')}
    />
  )
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {hasPassword && field('current_password', t('Current password'), 'current-password')}
      {field('new_password', t('New password'), 'new-password', AuthMessage.passwordRules)}
      {field('confirm_password', t('Confirm new password'), 'new-password')}
      {failure && <Alert severity="error">{translateText(failure)}</Alert>}
      <div role="status">
        {done && <Alert severity="success">{translateText(AccountMessage.passwordChanged)}</Alert>}
      </div>
      <Button
        type="submit"
        variant="contained"
        loading={change.isPending}
        sx={{ alignSelf: 'start' }}
      >
        {hasPassword ? t('Change password') : t('Set a password')}
      </Button>
    </Stack>
  )
}
