import { useState } from 'react'
import { actionErrorMessage } from '../moderation-text'

/**
 * The send of a moderator's form (remove, suspend, add a phrase): `attempted` turns on the
 * field errors, `sending` locks the form, `failure` is the server's refusal in words. `run`
 * resolves true once the server has it, so the form can empty itself; an invalid form (`send`
 * null) only shows its errors.
 */
export function useActionSubmit() {
  const [attempted, setAttempted] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const run = async (send: (() => Promise<void>) | null): Promise<boolean> => {
    setAttempted(true)
    if (!send) return false
    setSending(true)
    setFailure(null)
    try {
      await send()
      setAttempted(false)
      return true
    } catch (error) {
      setFailure(actionErrorMessage(error))
      return false
    } finally {
      setSending(false)
    }
  }

  return { attempted, sending, failure, setFailure, run }
}
