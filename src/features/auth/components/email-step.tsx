import {
  AuthMessage,
  EmailSchema,
  IDENTIFIER_DEBOUNCE_MS,
  type IdentifierResponse,
} from '@contract/auth'
import { SOCIAL_PROVIDER_LABELS } from '@contract/social-sign-in'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { TextLink } from '@/components/text-link'
import { translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { checkIdentifier } from '../api/check-identifier'
import { useDebouncedValue } from '../hooks/use-debounced-value'
import { useSignInTarget } from '../hooks/use-sign-in-target'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { focusFirstInvalid } from './focus-first-invalid'
import { PasskeySignIn } from './passkey-sign-in'
import { SocialSignInButtons } from './social-sign-in-buttons'

const identifierQuery = (email: string) =>
  queryOptions({
    queryKey: ['auth', 'identifier', email],
    queryFn: ({ signal }) => checkIdentifier(email, signal),
    staleTime: 60_000,
    retry: false,
    meta: handlesAuthErrors,
  })

const isSocialOnly = (answer: IdentifierResponse) => answer.providers.length > 0 && !answer.hasLocal

// Spec 000 §4 "Email sign-in": the identifier step. The address is checked while typing
// (debounced 400 ms) so a social-only account hears where to go before pressing Continue.
export function EmailStep() {
  const t = useT()
  const language = useLanguage()
  const initialEmail = useRouterState({ select: (state) => state.location.state.email }) ?? ''
  const next = useSignInTarget()
  const [email, setEmail] = useState(initialEmail)
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useUnsavedChanges(email.trim() !== '' && email !== initialEmail)

  const debounced = useDebouncedValue(email.trim(), IDENTIFIER_DEBOUNCE_MS)
  const debouncedValid = EmailSchema.safeParse(debounced).success
  const { data: answer } = useQuery({ ...identifierQuery(debounced), enabled: debouncedValid })
  const socialOnly = answer && debounced === email.trim() && isSocialOnly(answer) ? answer : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = EmailSchema.safeParse(email)
    if (!parsed.success) {
      setError(AuthMessage.invalidEmail)
      focusFirstInvalid(form.current)
      return
    }
    setError(null)
    setSubmitting(true)
    try {
      const result = await queryClient.fetchQuery(identifierQuery(parsed.data))
      if (result.next === 'password') {
        await navigate({ to: '/auth/password', state: { email: parsed.data, next } })
      } else if (!isSocialOnly(result)) {
        await navigate({ to: '/auth/signup', state: { email: parsed.data, next } })
      }
    } catch (failure) {
      // Spec 000 §8: an identifier answer that is not OK reads as a bad address.
      setError(
        failure instanceof ApiError ? AuthMessage.invalidEmail : AuthMessage.somethingWentWrong,
      )
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <AuthTitle>{t('Continue with email')}</AuthTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('Enter your email address to sign in or create an account.')}
      </Typography>
      <Stack component="form" ref={form} noValidate spacing={2.5} onSubmit={submit}>
        <TextField
          label={t('Email address')}
          type="email"
          name="email"
          // Issue 39: the browser's suggestions for this field include the site's passkeys.
          autoComplete="username webauthn"
          required
          fullWidth
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
        {socialOnly && (
          <Stack spacing={1.5}>
            <Alert severity="info">
              {t('This email signs in with {providers}. Continue with it to sign in.', {
                providers: new Intl.ListFormat(language, { type: 'disjunction' }).format(
                  socialOnly.providers.map((provider) => SOCIAL_PROVIDER_LABELS[provider]),
                ),
              })}
            </Alert>
            <SocialSignInButtons providers={socialOnly.providers} />
          </Stack>
        )}
        {!socialOnly && (
          <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
            {t('Continue')}
          </Button>
        )}
        <PasskeySignIn next={next} autofill />
        <TextLink to="/login" style={{ alignSelf: 'center' }}>
          {t('Other ways to log in')}
        </TextLink>
      </Stack>
    </>
  )
}
