import { AuthMessage, EmailSchema } from '@contract/auth'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useRef, useState } from 'react'
import { TextLink } from '@/components/text-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useResendVerification } from '../api/resend-verification'
import { AuthTitle } from './auth-title'
import { focusFirstInvalid } from './focus-first-invalid'

// Spec 000 §2 /auth/verify-email "Email verification": how verification works, and a new link
// for whoever lost theirs (the mailed link itself goes straight to the server).
export function EmailVerificationHelp() {
  const t = useT()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const resend = useResendVerification()
  useUnsavedChanges(!resend.isSuccess && email !== '')

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = EmailSchema.safeParse(email)
    if (!parsed.success) {
      setError(AuthMessage.invalidEmail)
      return focusFirstInvalid(form.current)
    }
    setError(null)
    resend.mutate(parsed.data)
  }

  return (
    <>
      <AuthTitle>{t('Email verification')}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t(
          'When you create an account we email you a link. Opening it verifies your address and opens every feature of the community. Lost the link? Ask for a new one.',
        )}
      </Typography>
      {resend.isSuccess ? (
        <Alert severity="success">
          {t('If this address still needs verifying, a new link is on its way.')}
        </Alert>
      ) : (
        <Stack component="form" ref={form} noValidate spacing={2} onSubmit={submit}>
          <TextField
            label={t('Email address')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setError(null)
            }}
            error={error !== null}
            helperText={error ? translateText(error) : ' '}
          />
          {resend.isError && (
            <Alert severity="error">{translateText(AuthMessage.somethingWentWrong)}</Alert>
          )}
          <Button type="submit" variant="contained" loading={resend.isPending}>
            {t('Send a new link')}
          </Button>
        </Stack>
      )}
      <Stack sx={{ alignItems: 'center', mt: 2 }}>
        <TextLink to="/login">{t('Back to log in')}</TextLink>
      </Stack>
    </>
  )
}
