import { AuthErrorCode, AuthMessage } from '@contract/auth'
import { TwoStepMessage } from '@contract/two-step'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useRef, useState } from 'react'
import { translateText, type MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useSendSecondFactor } from '../api/second-factor'
import { useFinishSignIn } from '../hooks/use-sign-in-target'
import { AuthTitle } from './auth-title'
import { focusFirstInvalid } from './focus-first-invalid'
import { PasskeySignIn } from './passkey-sign-in'

function messageFor(error: unknown, recovery: boolean): string {
  if (!(error instanceof ApiError)) return AuthMessage.somethingWentWrong
  if (error.code === AuthErrorCode.tooManyAttempts || error.status === 429)
    return AuthMessage.tooManyAttempts
  if (error.status === 401)
    return 'This sign-in has expired. Please enter your password again.' satisfies MessageId
  if (error.status === 400)
    return recovery ? TwoStepMessage.recoveryCodeWrong : TwoStepMessage.codeWrong
  return AuthMessage.somethingWentWrong
}

/**
 * Issue 39: the second step of a sign-in with two-step on: the code from the member's app, or
 * one of their recovery codes, or a passkey instead (a passkey sign-in counts as two factors).
 */
export function SecondFactorStep({ next }: { next: string }) {
  const t = useT()
  const finishSignIn = useFinishSignIn()
  const send = useSendSecondFactor()
  const [recovery, setRecovery] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const typed = value.trim()
    if (!recovery && !/^\d{6}$/.test(typed)) {
      setError(TwoStepMessage.codeFormat)
      return focusFirstInvalid(form.current)
    }
    if (recovery && typed === '') {
      setError('Enter one of your recovery codes.' satisfies MessageId)
      return focusFirstInvalid(form.current)
    }
    setError(null)
    try {
      await send.mutateAsync(recovery ? { recovery_code: typed } : { code: typed })
    } catch (failure) {
      setError(messageFor(failure, recovery))
      return focusFirstInvalid(form.current)
    }
    await finishSignIn(next)
  }

  return (
    <>
      <AuthTitle>{t('Two-step sign-in')}</AuthTitle>
      <Stack component="form" ref={form} noValidate spacing={2} onSubmit={submit}>
        <Typography color="textSecondary">
          {recovery
            ? t('Enter one of the recovery codes you saved. Each works once.')
            : t('Enter the 6-digit code your authenticator app shows now.')}
        </Typography>
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? t('Recovery code') : t('Code')}
          name={recovery ? 'recovery_code' : 'code'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          slotProps={{ htmlInput: recovery ? {} : { inputMode: 'numeric', maxLength: 6 } }}
          autoFocus
          fullWidth
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error !== null}
          helperText={error ? translateText(error) : ' '}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending}>
          {t('Sign in')}
        </Button>
        <Button
          onClick={() => {
            setRecovery(!recovery)
            setValue('')
            setError(null)
          }}
        >
          {recovery ? t('Use the code from my app') : t('Use a recovery code instead')}
        </Button>
        {!recovery && <PasskeySignIn next={next} />}
        {send.isError && error === null && (
          <Alert severity="error">{translateText(AuthMessage.somethingWentWrong)}</Alert>
        )}
      </Stack>
    </>
  )
}
