import { type CaptchaChallenge, CaptchaChallengeSchema } from '@contract/captcha'
import { apiFetch } from '@/lib/api-client'

// DESIGN §5: the "not a robot" check is a proof-of-work challenge the server hands out.
export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return apiFetch('/auth/captcha', { signal, schema: CaptchaChallengeSchema })
}
