import { AuthMessage, EmailSchema } from '@contract/auth'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { TextLink } from '@/components/text-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { NetworkError } from '@/lib/api-client'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useRequestPasswordReset } from '../api/request-password-reset'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { focusFirstInvalid } from './focus-first-invalid'

// Spec 000 §8: the answer never reveals whether an account exists; only an unreachable server
// is reported, since then no mail can be on its way.
export function ForgotPasswordForm() {
  const t = useT()
  const initial = useRouterState({ select: (state) => state.location.state.email }) ?? ''
  const [email, setEmail] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const request = useRequestPasswordReset()
  useUnsavedChanges(!sent && email !== initial)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = EmailSchema.safeParse(email)
    if (!parsed.success) {
      setError(AuthMessage.invalidEmail)
      return focusFirstInvalid(form.current)
    }
    setError(null)
    try {
      await request.mutateAsync(parsed.data)
    } catch (failure) {
      if (failure instanceof NetworkError) return setError(AuthMessage.somethingWentWrong)
    }
    setSent(true)
  }

  return (
    <>
      <AuthTitle>{t('Forgot your password?')}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('Enter your email and we will send you a link to set a new password.')}
      </Typography>
      {sent ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translateText(AuthMessage.forgotPasswordSent)}
        </Alert>
      ) : (
        <Stack component="form" ref={form} noValidate spacing={2} onSubmit={submit}>
          <TextField
            label={t('Email address')}
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setError(null)
            }}
            error={error !== null}
            helperText={error ? translateText(error) : ' '}
            slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={request.isPending}
          >
            {t('Send reset link')}
          </Button>
        </Stack>
      )}
      <Stack sx={{ alignItems: 'center', mt: 2 }}>
        <TextLink to="/login">{t('Back to log in')}</TextLink>
      </Stack>
    </>
  )
}
