import { EmailChangeBodySchema } from '@contract/account'
import { EmailChangeErrorCode, EmailChangeMessage } from '@contract/users-email-change'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import type { AccountProfile } from '../api/account-profile'
import { useChangeEmail } from '../api/change-email'
import { refusalOf } from './problem-fields'

type Field = 'email' | 'password'

// Stands for the address while the sentence is split around it.
const MARK = '\u0001'

/**
 * Issue 39 (the change itself is issue 37's): the new address gets a link and takes over once
 * it is followed; the old one is told and may undo it for 7 days.
 */
export function EmailForm({ profile }: { profile: AccountProfile }) {
  const t = useT()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const change = useChangeEmail()
  const needsPassword = profile.has_password !== false

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const parsed = EmailChangeBodySchema.safeParse({
      email,
      ...(needsPassword ? { password } : {}),
    })
    if (!parsed.success) return setErrors({ email: parsed.error.issues[0]?.message })
    if (needsPassword && password === '')
      return setErrors({ password: EmailChangeMessage.passwordRequired })
    try {
      await change.mutateAsync(parsed.data)
      setErrors({})
      setEmail('')
      setPassword('')
    } catch (error) {
      const code = error instanceof ApiError ? error.code : ''
      if (
        code === EmailChangeErrorCode.passwordRequired ||
        code === EmailChangeErrorCode.passwordWrong
      )
        return setErrors({ password: (error as ApiError).detail })
      const refusal = refusalOf(error, ['email', 'password'] as const)
      setErrors(refusal.fields)
      setFailure(refusal.form)
    }
  }

  const clear = (field: Field) => setErrors(({ [field]: _, ...rest }) => rest)
  // The address is shown in bold inside the translated sentence.
  const [before, after = ''] = t('Your email: {email}', { email: MARK }).split(MARK)
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography variant="body2">
        {before}
        <strong translate="no">{profile.email}</strong>
        {after}
      </Typography>
      <div role="status">
        {profile.pending_email && (
          <Alert severity="info">
            {/* EmailChangeMessage.pending's words, in the member's language. */}
            {t(
              'We sent a link to {pending}. Your email changes once you follow it; until then, sign in with {current}.',
              { pending: profile.pending_email, current: profile.email },
            )}
          </Alert>
        )}
      </div>
      <TextField
        label={t('New email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          clear('email')
        }}
        error={errors.email !== undefined}
        helperText={errors.email && translateText(errors.email)}
      />
      {needsPassword && (
        <TextField
          label={translateText(EmailChangeMessage.passwordLabel)}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            clear('password')
          }}
          error={errors.password !== undefined}
          helperText={errors.password && translateText(errors.password)}
        />
      )}
      {failure && <Alert severity="error">{translateText(failure)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        loading={change.isPending}
        sx={{ alignSelf: 'start' }}
      >
        {t('Change email')}
      </Button>
    </Stack>
  )
}
