import { AuthErrorCode, AuthMessage } from '@contract/auth'
import { PasskeyErrorCode } from '@contract/passkeys'
import KeyIcon from '@mui/icons-material/Key'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { useEffect, useRef, useState } from 'react'
import { translateText, type MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { passkeyCancelled } from '@/lib/passkey-cancelled'
import {
  cancelPasskeyRequest,
  passkeyAssertion,
  passkeyAutofillAvailable,
  sendPasskeyAssertion,
} from '../api/sign-in-with-passkey'
import { useFinishSignIn } from '../hooks/use-sign-in-target'

function messageFor(error: unknown): string | null {
  if (passkeyCancelled(error)) return null
  if (!(error instanceof ApiError))
    return 'Your device could not use a passkey. Please try again.' satisfies MessageId
  if (error.code === AuthErrorCode.tooManyAttempts || error.status === 429)
    return AuthMessage.tooManyAttempts
  const known: string[] = Object.values(PasskeyErrorCode)
  return known.includes(error.code) ? error.detail : AuthMessage.somethingWentWrong
}

/**
 * Issue 39: "Sign in with a passkey", and (with `autofill`) the passkeys the browser offers in
 * the email field (`autocomplete="username webauthn"`) while the page is open. Closing the
 * browser's sheet is no error: nothing is shown for it.
 */
export function PasskeySignIn({ next, autofill = false }: { next: string; autofill?: boolean }) {
  const t = useT()
  const finishSignIn = useFinishSignIn()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The autofill's passkey answered and is being sent: one sign-in at a time, since each ends
  // the browser's previous session and two racing would leave the cookie of an ended one.
  const autofillSending = useRef(false)

  useEffect(() => {
    if (!autofill) return
    let active = true
    void (async () => {
      if (!(await passkeyAutofillAvailable()) || !active) return
      try {
        const credential = await passkeyAssertion({ autofill: true })
        autofillSending.current = true
        await sendPasskeyAssertion(credential)
        if (active) await finishSignIn(next)
      } catch (failure) {
        autofillSending.current = false
        // A request the button replaced, or the page left, ends quietly.
        const message = messageFor(failure)
        if (active && message) setError(message)
      }
    })()
    return () => {
      active = false
      void cancelPasskeyRequest()
    }
  }, [autofill, finishSignIn, next])

  async function start() {
    if (autofillSending.current) return
    setError(null)
    setBusy(true)
    try {
      const credential = await passkeyAssertion({ autofill: false })
      if (autofillSending.current) return
      await sendPasskeyAssertion(credential)
      await finishSignIn(next)
    } catch (failure) {
      setError(messageFor(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <div role="alert">{error && <Alert severity="error">{translateText(error)}</Alert>}</div>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<KeyIcon />}
        loading={busy}
        onClick={start}
      >
        {t('Sign in with a passkey')}
      </Button>
    </>
  )
}
