import { AuthErrorCode, AuthMessage, FAILED_ATTEMPTS_BEFORE_CAPTCHA } from '@contract/auth'
import { TwoStepErrorCode } from '@contract/two-step'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useRouterState } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { TextLink } from '@/components/text-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useSignInWithPassword } from '../api/sign-in-with-password'
import { useProofOfWork } from '../hooks/use-proof-of-work'
import { useFinishSignIn, useSignInTarget } from '../hooks/use-sign-in-target'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { focusFirstInvalid } from './focus-first-invalid'
import { NotARobotCheck } from './not-a-robot-check'
import { SecondFactorStep } from './second-factor-step'

// Stands for the address while the sentence is split around it.
const MARK = '\u0001'

// Spec 000 §8: what each refusal of POST /auth/password tells the user.
function messageFor(error: unknown): string {
  if (!(error instanceof ApiError)) return AuthMessage.somethingWentWrong
  if (error.status === 400 || error.status === 429) return AuthMessage.tooManyAttempts
  if (error.code === AuthErrorCode.captchaRequired || error.code === AuthErrorCode.captchaInvalid)
    return AuthMessage.captchaRequired
  if (error.status === 401) return AuthMessage.invalidCredentials
  return AuthMessage.somethingWentWrong
}

/** Spec 000 §4: the password step; the email and next target arrive in navigation state. */
export function PasswordStep({ email }: { email: string }) {
  const t = useT()
  const notice = useRouterState({ select: (state) => state.location.state.notice })
  const next = useSignInTarget()
  const finishSignIn = useFinishSignIn()
  const signIn = useSignInWithPassword()
  const captcha = useProofOfWork()
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const [failures, setFailures] = useState(0)
  const [serverWantsCaptcha, setServerWantsCaptcha] = useState(false)
  const [error, setError] = useState<{
    field: 'password' | 'captcha' | 'form'
    message: string
  } | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // Issue 39: the password was right and two-step sign-in is on: the code comes next.
  const [secondStep, setSecondStep] = useState(false)
  useUnsavedChanges(password !== '' && !secondStep)

  const needsCaptcha = serverWantsCaptcha || failures >= FAILED_ATTEMPTS_BEFORE_CAPTCHA
  const solution = captcha.state.status === 'solved' ? captcha.state.solution : undefined

  function refuse(field: 'password' | 'captcha' | 'form', message: string) {
    setError({ field, message })
    focusFirstInvalid(form.current)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password === '') return refuse('password', 'Enter your password.')
    if (needsCaptcha && !solution) return refuse('captcha', AuthMessage.captchaRequired)
    setError(null)
    try {
      await signIn.mutateAsync({
        email,
        password,
        rememberMe,
        ...(solution ? { captcha: solution } : {}),
      })
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === TwoStepErrorCode.secondFactorNeeded)
        return setSecondStep(true)
      // A solution is good for one attempt only.
      captcha.reset()
      const message = messageFor(failure)
      const failedPassword =
        failure instanceof ApiError && failure.code === AuthErrorCode.invalidCredentials
      const attempts = failedPassword ? failures + 1 : failures
      setFailures(attempts)
      if (message === AuthMessage.captchaRequired) setServerWantsCaptcha(true)
      if (
        message === AuthMessage.captchaRequired ||
        (failedPassword && attempts >= FAILED_ATTEMPTS_BEFORE_CAPTCHA)
      ) {
        return refuse('captcha', AuthMessage.captchaRequired)
      }
      return refuse(failedPassword ? 'password' : 'form', message)
    }
    await finishSignIn(next)
  }

  if (secondStep) return <SecondFactorStep next={next} />
  // The address is shown in bold inside the translated sentence.
  const [before, after = ''] = t('Signing in as {email}.', { email: MARK }).split(MARK)
  return (
    <>
      <AuthTitle>{t('Enter your password')}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {before}
        <strong>{email}</strong>
        {after}{' '}
        <TextLink to="/auth/email" state={{ email, next }}>
          {t('Use a different email')}
        </TextLink>
      </Typography>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translateText(notice)}
        </Alert>
      )}
      <Stack component="form" ref={form} noValidate spacing={2} onSubmit={submit}>
        {/* Lets password managers pair the password with its account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t('Password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          fullWidth
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error?.field === 'password'}
          helperText={error?.field === 'password' ? translateText(error.message) : ' '}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
          }
          label={t('Keep me signed in')}
        />
        {needsCaptcha && (
          <NotARobotCheck
            state={captcha.state}
            error={error?.field === 'captcha' ? error.message : null}
            onCheck={() => {
              setError(null)
              void captcha.start()
            }}
            onUncheck={captcha.reset}
          />
        )}
        {error?.field === 'form' && <Alert severity="error">{translateText(error.message)}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          {t('Sign in')}
        </Button>
        <TextLink to="/forgot-password" state={{ email }} style={{ alignSelf: 'center' }}>
          {t('Forgot your password?')}
        </TextLink>
      </Stack>
    </>
  )
}
