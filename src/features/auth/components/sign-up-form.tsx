import { AuthErrorCode, AuthMessage, SignUpBodySchema } from '@contract/auth'
import { InviteErrorCode, isInviteErrorCode } from '@contract/invites'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { type FormEvent, useId, useRef, useState } from 'react'
import { TextLink } from '@/components/text-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { communityPage } from '@/lib/community-page'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useSignUp } from '../api/sign-up'
import { readInvite, rememberInvite } from '../invite-code'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { fieldErrors } from './field-errors'
import { focusFirstInvalid } from './focus-first-invalid'
import { InvitationOnly } from './invitation-only'
import { PasswordChecklist } from './password-checklist'

type Field = 'email' | 'password' | 'confirmPassword' | 'acceptTerms'

// Spec 000 §8: a sign-up 400's title picks the message; any other failure is generic.
export function signUpFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 400) return AuthMessage.somethingWentWrong
  switch (error.code) {
    case AuthErrorCode.weakPassword:
      return AuthMessage.weakPassword
    case AuthErrorCode.termsRequired:
      return AuthMessage.termsRequired
    case AuthErrorCode.passwordMismatch:
      return AuthMessage.passwordMismatch
    default:
      return AuthMessage.reviewDetails
  }
}

export function SignUpForm() {
  const t = useT()
  const initial = useRouterState({ select: (state) => state.location.state.email }) ?? ''
  const [email, setEmail] = useState(initial)
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [acceptTerms, setAcceptTerms] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  // Issue 38: the invite the sign-in page was opened with, and why the server refused it.
  const [invite] = useState(readInvite)
  const [inviteProblem, setInviteProblem] = useState<{ code: string; detail: string } | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const checklistId = useId()
  const passwordId = useId()
  const termsErrorId = useId()
  const signUp = useSignUp()
  const navigate = useNavigate()
  useUnsavedChanges(password !== '' || confirmPassword !== '' || email !== initial)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const parsed = SignUpBodySchema.safeParse({
      email,
      password,
      confirmPassword,
      acceptTerms,
      ...(invite === null ? {} : { invite }),
    })
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error))
      return focusFirstInvalid(form.current)
    }
    setErrors({})
    try {
      await signUp.mutateAsync(parsed.data)
    } catch (error) {
      // Issue 37: a listed password is the password field's own problem; the list is the server's.
      if (error instanceof ApiError && error.code === AuthErrorCode.breachedPassword) {
        setErrors({ password: AuthMessage.breachedPassword })
        return focusFirstInvalid(form.current)
      }
      // An invite that cannot be used will not become usable: it is forgotten, the reason shown.
      if (error instanceof ApiError && isInviteErrorCode(error.code)) {
        rememberInvite(null)
        setInviteProblem({ code: error.code, detail: error.detail })
        return
      }
      setFailure(signUpFailureMessage(error))
      return
    }
    rememberInvite(null)
    await navigate({
      to: '/verify-email/result',
      state: { verifyRequired: true, email: parsed.data.email },
    })
  }

  const clear = (field: Field) => setErrors(({ [field]: _, ...rest }) => rest)

  if (inviteProblem)
    return (
      <InvitationOnly
        problem={inviteProblem.code === InviteErrorCode.required ? undefined : inviteProblem.detail}
      />
    )
  if (communityPage.join === 'invite' && invite === null) return <InvitationOnly />

  return (
    <>
      <AuthTitle>{t('Create your account')}</AuthTitle>
      <Stack component="form" ref={form} noValidate spacing={2} onSubmit={submit} sx={{ mt: 2 }}>
        <TextField
          label={t('Email address')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            clear('email')
          }}
          error={errors.email !== undefined}
          helperText={errors.email && translateText(errors.email)}
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
        />
        <TextField
          id={passwordId}
          label={t('Password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          autoFocus={initial !== ''}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            clear('password')
          }}
          error={errors.password !== undefined}
          helperText={errors.password && translateText(errors.password)}
          // MUI would describe the field by its error only; the checklist describes it too.
          slotProps={{
            htmlInput: {
              'aria-describedby': errors.password
                ? `${passwordId}-helper-text ${checklistId}`
                : checklistId,
            },
          }}
        />
        <PasswordChecklist id={checklistId} password={password} />
        <TextField
          label={t('Confirm password')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value)
            clear('confirmPassword')
          }}
          error={errors.confirmPassword !== undefined}
          helperText={errors.confirmPassword && translateText(errors.confirmPassword)}
        />
        <FormControl error={errors.acceptTerms !== undefined}>
          <FormControlLabel
            label={t('I accept the Terms and Privacy Policy')}
            control={
              <Checkbox
                name="acceptTerms"
                checked={acceptTerms}
                onChange={(event) => {
                  setAcceptTerms(event.target.checked)
                  clear('acceptTerms')
                }}
                slotProps={{
                  input: {
                    'aria-invalid': errors.acceptTerms !== undefined,
                    'aria-describedby': errors.acceptTerms ? termsErrorId : undefined,
                  },
                }}
              />
            }
          />
          {errors.acceptTerms && (
            <FormHelperText id={termsErrorId}>{translateText(errors.acceptTerms)}</FormHelperText>
          )}
        </FormControl>
        {failure && <Alert severity="error">{translateText(failure)}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth loading={signUp.isPending}>
          {t('Create account')}
        </Button>
        <TextLink to="/login" style={{ alignSelf: 'center' }}>
          {t('Already have an account? Log in')}
        </TextLink>
      </Stack>
    </>
  )
}
