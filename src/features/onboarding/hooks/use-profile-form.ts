import { AuthErrorCode, normaliseEmail } from '@contract/auth'
import { emailUniquenessCase, type Profile, ProfileMessage } from '@contract/users'
import { EmailChangeErrorCode, EmailChangeMessage } from '@contract/users-email-change'
import { type FormEvent, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { ApiError } from '@/lib/api-client'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useDisplayName } from '../api/get-display-name'
import { useSaveProfile } from '../api/save-profile'
import {
  firstInvalidField,
  isDirty,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileFormValues,
  prefillFrom,
  type TakenEmail,
  toProfileBody,
  validateProfile,
} from '../profile-form'

type UseProfileFormInput = {
  profile: Profile
  onSaved: (saved: Profile) => void
}

export function useProfileForm({ profile, onSaved }: UseProfileFormInput) {
  const [prefill] = useState(() => prefillFrom(profile))
  const [values, setValues] = useState<ProfileFormValues>(prefill.values)
  const [touched, setTouched] = useState<ReadonlySet<ProfileField>>(new Set())
  const [taken, setTaken] = useState<TakenEmail | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // Issue 37: shown once the server asks who is changing a verified email; the rest stays typed.
  const [reauth, setReauth] = useState<{ password: string; error: string | null } | null>(null)
  const passwordElement = useRef<HTMLElement | null>(null)
  const elements = useRef<Partial<Record<ProfileField, HTMLElement | null>>>({})
  const save = useSaveProfile()
  // Follows the gender choice (spec 000 §7 ?gender=); the notice and the saved body name the same.
  const { data: displayName = null } = useDisplayName(values.gender)

  const errors = validateProfile(values, taken)
  // Nothing typed is lost to an app update while the form holds unsaved input (DESIGN §6).
  useUnsavedChanges(!saved && isDirty(values, prefill.values))

  const focus = (field: ProfileField) => elements.current[field]?.focus()

  function field(name: ProfileField) {
    return {
      value: values[name],
      // Errors show once a field was left or a submit was tried (spec 000 §5).
      error: touched.has(name) ? errors[name] : undefined,
      onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
      onBlur: () =>
        setTouched((current) => (current.has(name) ? current : new Set(current).add(name))),
      inputRef: (element: HTMLElement | null) => {
        elements.current[name] = element
      },
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    // Spec 000 §5: an invalid submit only marks every field touched; the first error gets focus
    // once its message is on screen.
    const invalid = firstInvalidField(errors)
    if (invalid) {
      flushSync(() => setTouched(new Set(PROFILE_FIELDS)))
      focus(invalid)
      return
    }
    setFailure(null)
    const submitted = values
    save.mutate(
      toProfileBody({
        values: submitted,
        prefill,
        userId: profile.user_id,
        displayName,
        currentPassword: reauth?.password,
      }),
      {
        onSuccess: (savedProfile) => {
          setSaved(true)
          onSaved(savedProfile)
        },
        onError: (error) => {
          if (
            error instanceof ApiError &&
            error.status === 409 &&
            error.code === AuthErrorCode.emailTaken
          ) {
            const kind =
              emailUniquenessCase({
                email: submitted.email,
                prefilledEmail: prefill.values.email,
                provider: prefill.provider,
              }) ?? 'changed'
            flushSync(() => {
              setTaken({ email: normaliseEmail(submitted.email), kind })
              setTouched((current) => new Set(current).add('email'))
            })
            focus('email')
            return
          }
          if (error instanceof ApiError && isPasswordAsked(error.code)) {
            const wrong = error.code === EmailChangeErrorCode.passwordWrong
            flushSync(() =>
              setReauth((current) => ({
                password: wrong ? (current?.password ?? '') : '',
                error: wrong || current ? error.detail : null,
              })),
            )
            passwordElement.current?.focus()
            return
          }
          if (
            error instanceof ApiError &&
            error.code === EmailChangeErrorCode.recentSignInRequired
          ) {
            setFailure(EmailChangeMessage.recentSignInRequired)
            return
          }
          // Spec 000 §8: a refused save and an exception read differently.
          const answered = error instanceof ApiError && error.code !== 'invalid_response'
          setFailure(answered ? ProfileMessage.saveFailed : ProfileMessage.saveError)
        },
      },
    )
  }

  const password = reauth && {
    value: reauth.password,
    error: reauth.error,
    onChange: (value: string) => setReauth({ password: value, error: null }),
    inputRef: (element: HTMLElement | null) => {
      passwordElement.current = element
    },
  }

  return { field, password, displayName, onSubmit, failure, isSaving: save.isPending }
}

function isPasswordAsked(code: string) {
  return (
    code === EmailChangeErrorCode.passwordRequired || code === EmailChangeErrorCode.passwordWrong
  )
}
