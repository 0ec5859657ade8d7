import { AuthErrorCode, AuthMessage, ResetPasswordBodySchema } from '@contract/auth'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useRef, useState } from 'react'
import { TextLink } from '@/components/text-link'
import { t as translate, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { endSessionLocally } from '@/lib/session'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useResetPassword } from '../api/reset-password'
import '../navigation-state'
import { AuthTitle } from './auth-title'
import { fieldErrors } from './field-errors'
import { focusFirstInvalid } from './focus-first-invalid'
import { PasswordChecklist } from './password-checklist'

type Field = 'newPassword' | 'confirmPassword'

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT()
  const [newPassword, setNewPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const checklistId = useId()
  const passwordId = useId()
  const reset = useResetPassword()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useUnsavedChanges(newPassword !== '' || confirmPassword !== '')

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const parsed = ResetPasswordBodySchema.safeParse({ token, newPassword, confirmPassword })
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error))
      return focusFirstInvalid(form.current)
    }
    setErrors({})
    try {
      await reset.mutateAsync(parsed.data)
    } catch (error) {
      // Issue 37: a listed password is the field's own problem, and the link still works.
      if (error instanceof ApiError && error.code === AuthErrorCode.breachedPassword) {
        setErrors({ newPassword: AuthMessage.breachedPassword })
        return focusFirstInvalid(form.current)
      }
      // Spec 000 §8: a refused reset reads as a dead link, unless the password itself was refused.
      const weak = error instanceof ApiError && error.code === AuthErrorCode.weakPassword
      setFailure(weak ? AuthMessage.weakPassword : AuthMessage.resetFailed)
      return
    }
    // Spec 000 §7: every session ended with the old password, this tab's included.
    endSessionLocally(queryClient)
    await navigate({
      to: '/login',
      state: {
        notice: translate('Your password has been reset. Log in with your new password.'),
        noticeTone: 'success',
      },
    })
  }

  const clear = (field: Field) => setErrors(({ [field]: _, ...rest }) => rest)

  return (
    <>
      <AuthTitle>{t('Set a new password')}</AuthTitle>
      <Stack component="form" ref={form} noValidate spacing={2} onSubmit={submit} sx={{ mt: 2 }}>
        <TextField
          id={passwordId}
          label={t('New password')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          autoFocus
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value)
            clear('newPassword')
          }}
          error={errors.newPassword !== undefined}
          helperText={errors.newPassword && translateText(errors.newPassword)}
          slotProps={{
            htmlInput: {
              'aria-describedby': errors.newPassword
                ? `${passwordId}-helper-text ${checklistId}`
                : checklistId,
            },
          }}
        />
        <PasswordChecklist id={checklistId} password={newPassword} />
        <TextField
          label={t('Confirm new password')}
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
        {failure && (
          <Alert severity="error">
            {translateText(failure)}{' '}
            {failure === AuthMessage.resetFailed && (
              <TextLink to="/forgot-password">{t('Ask for a new link')}</TextLink>
            )}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
          {t('Reset password')}
        </Button>
      </Stack>
    </>
  )
}
