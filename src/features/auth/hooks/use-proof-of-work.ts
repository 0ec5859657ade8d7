import { type CaptchaSolution, solveProofOfWork } from '@contract/captcha'
import { useCallback, useEffect, useRef, useState } from 'react'
import { getCaptchaChallenge } from '../api/get-captcha-challenge'

export type ProofOfWork =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'solved'; solution: CaptchaSolution }
  | { status: 'failed' }

/**
 * The "not a robot" check (DESIGN §5): fetch a challenge, solve it in the browser, keep the
 * solution for the next sign-in attempt. Starting again or resetting abandons any search in flight.
 */
export function useProofOfWork() {
  const [state, setState] = useState<ProofOfWork>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)

  const reset = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setState({ status: 'idle' })
  }, [])

  const start = useCallback(async () => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setState({ status: 'checking' })
    try {
      const challenge = await getCaptchaChallenge(current.signal)
      const nonce = await solveProofOfWork(challenge, { signal: current.signal })
      if (controller.current === current)
        setState({ status: 'solved', solution: { id: challenge.id, nonce } })
    } catch {
      if (controller.current === current && !current.signal.aborted) setState({ status: 'failed' })
    }
  }, [])

  useEffect(() => () => controller.current?.abort(), [])

  return { state, start, reset }
}
