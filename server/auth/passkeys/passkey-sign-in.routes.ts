import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { AuthenticationResponseJSON, WebAuthnCredential } from '@simplewebauthn/server'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AuthErrorCode, AuthMessage } from '@contract/auth'
import { PasskeyErrorCode, PasskeyMessage, PasskeySignInBodySchema } from '@contract/passkeys'
import { httpError } from '../../errors/problem-error'
import { AUTH_LIMITS, authRateLimit } from '../../rate-limit/auth-limits'
import { clientAddress } from '../../rate-limit/client-address'
import { grantConfiguredRoles } from '../../users/roles'
import { findUserById } from '../../users/users.repository'
import { failureState, recordIpFailure } from '../login-failures'
import { startSession } from '../sign-in-session'
import { keepChallenge, spendChallenge } from './passkey-challenges'
import { passkeysTable } from './passkeys.table'
import { findPasskeyByCredentialId } from './passkeys'
import { relyingParty } from './relying-party'

/**
 * Issue 39: POST /auth/passkey/options and POST /auth/passkey, signing in with a discoverable
 * passkey and no address typed. Limited and counted per address like a password sign-in.
 */
export function passkeySignInRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, config, now } = app.deps
  const rp = relyingParty(config)
  const limit = authRateLimit(app, 'passkey', AUTH_LIMITS.signIn)
  // The email step asks for options on every visit (the autofill), so they get the identifier
  // step's room; only answers count as sign-in attempts.
  const optionsLimit = authRateLimit(app, 'passkey-options', AUTH_LIMITS.identifier)

  routes.post(
    '/auth/passkey/options',
    { ...optionsLimit, config: { ...optionsLimit.config, public: true } },
    async (request, reply) => {
      // No allowCredentials: the browser offers the passkeys it holds for this site.
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
      })
      await keepChallenge(request, reply, {
        purpose: 'sign_in',
        challenge: options.challenge,
        userId: null,
        now: now(),
      })
      reply.header('cache-control', 'no-store')
      return options
    },
  )

  routes.post(
    '/auth/passkey',
    {
      ...limit,
      config: { ...limit.config, public: true },
      schema: { body: PasskeySignInBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const at = now()
      const attempt = { ip: clientAddress(request), now: at }
      // Failures count against the address as a wrong password does (server/auth/login-failures.ts);
      // no account is named, and no check is asked: the authenticator is the proof of a person.
      const state = await failureState(db, { ...attempt, email: '' })
      if (state.ipLocked)
        throw httpError(400, AuthErrorCode.tooManyAttempts, AuthMessage.tooManyAttempts)
      const refuse = async (status: number, code: string, message: string) => {
        await recordIpFailure(db, attempt)
        return httpError(status, code, message)
      }
      const challenge = await spendChallenge(db, request, reply, {
        purpose: 'sign_in',
        userId: null,
        now: at,
      }).catch(async (error: unknown) => {
        await recordIpFailure(db, attempt)
        throw error
      })
      const response = request.body.credential as unknown as AuthenticationResponseJSON
      const passkey = await findPasskeyByCredentialId(db, response.id)
      if (!passkey)
        throw await refuse(401, PasskeyErrorCode.notRecognised, PasskeyMessage.notRecognised)
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as WebAuthnCredential['transports'],
        },
        // A counter that does not go up (a cloned authenticator) throws: refused like a bad signature.
      }).catch(() => ({ verified: false as const, authenticationInfo: null }))
      if (!verification.verified || !verification.authenticationInfo)
        throw await refuse(
          400,
          PasskeyErrorCode.verificationFailed,
          PasskeyMessage.verificationFailed,
        )
      const user = await findUserById(db, passkey.userId)
      if (!user)
        throw await refuse(401, PasskeyErrorCode.notRecognised, PasskeyMessage.notRecognised)
      await db
        .update(passkeysTable)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: at })
        .where(eq(passkeysTable.id, passkey.id))
      await grantConfiguredRoles(db, config, user)
      // Something held (the authenticator) and something known or been (its PIN or biometric).
      await startSession(request, reply, {
        userId: user.id,
        persistent: request.body.rememberMe ?? true,
        now: at,
        secondFactor: true,
      })
      return reply.status(204).send(null)
    },
  )
}
