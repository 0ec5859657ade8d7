import type { FastifyInstance } from 'fastify'
import { accountRoutes } from './account.routes'
import { devicesRoutes } from './devices/devices.routes'
import { emailChangeRoutes } from './email-change.routes'
import { passkeySignInRoutes } from './passkeys/passkey-sign-in.routes'
import { passkeysRoutes } from './passkeys/passkeys.routes'
import { passwordResetRoutes } from './password-reset.routes'
import { sessionRoutes } from './session.routes'
import { signInRoutes } from './sign-in.routes'
import { signUpRoutes } from './sign-up.routes'
import { secretSeal } from './two-step/secret-seal'
import { secondFactorRoutes } from './two-step/second-factor.routes'
import { sealStoredSecrets } from './two-step/totp'
import { twoStepRoutes } from './two-step/two-step.routes'

/**
 * Every /auth call of spec 000 §7 except social sign-in (server/auth/social/), and the account
 * screen's calls under /api/v1/users/me (issue 39).
 */
export function authRoutes(app: FastifyInstance) {
  sessionRoutes(app)
  signInRoutes(app)
  signUpRoutes(app)
  passwordResetRoutes(app)
  emailChangeRoutes(app)
  accountRoutes(app)
  devicesRoutes(app)
  passkeysRoutes(app)
  passkeySignInRoutes(app)
  const seal = secretSeal(app.deps.config.totpSecretKey)
  app.addHook('onReady', async () => {
    await sealStoredSecrets(app.deps.db, seal)
  })
  twoStepRoutes(app, seal)
  secondFactorRoutes(app, seal)
}
