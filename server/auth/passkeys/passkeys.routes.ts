import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorCode } from '@contract/errors'
import {
  PasskeyErrorCode,
  PasskeyIdParamsSchema,
  PasskeyMessage,
  PasskeyRegistrationBodySchema,
  PasskeyRegistrationOptionsBodySchema,
  PasskeyRenameBodySchema,
  PasskeySchema,
  PasskeysSchema,
} from '@contract/passkeys'
import { httpError } from '../../errors/problem-error'
import { findUserById, lockMember } from '../../users/users.repository'
import { deviceName } from '../devices/device-name'
import { reauthentication } from '../reauthentication'
import { keepsAnotherWay, signInMethods } from '../sign-in-methods'
import { keepChallenge, spendChallenge } from './passkey-challenges'
import { passkeysTable } from './passkeys.table'
import { findPasskeyByCredentialId, listPasskeys, ownPasskey, toPasskey } from './passkeys'
import { relyingParty } from './relying-party'

const notFound = () => httpError(404, ErrorCode.notFound, PasskeyMessage.notFound)

/** Issue 39: a member's passkeys on the account screen: add, list, rename, remove. */
export function passkeysRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now, config } = app.deps
  const reauthenticate = reauthentication(app)
  const rp = relyingParty(config)

  async function currentUser(request: FastifyRequest) {
    const user = await findUserById(db, request.viewer!.userId)
    if (!user) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
    return user
  }

  routes.post(
    '/api/v1/users/me/passkeys/options',
    { schema: { body: PasskeyRegistrationOptionsBodySchema } },
    async (request, reply) => {
      const user = await currentUser(request)
      // A new way into the account asks what the email change asks: the password, or for an
      // account without one a sign-in within the last few minutes.
      await reauthenticate(request, user, request.body.password, {
        field: 'password',
        passwordRequired: PasskeyMessage.passwordRequired,
        recentSignInRequired: PasskeyMessage.recentSignInRequired,
      })
      const existing = await listPasskeys(db, user.id)
      const options = await generateRegistrationOptions({
        // Browsers show the relying party's domain beside a passkey; the name is only a fallback.
        rpName: rp.id,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.displayName,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        // Discoverable, so it signs in with no address typed; verified, so it counts as two factors.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })
      await keepChallenge(request, reply, {
        purpose: 'register',
        challenge: options.challenge,
        userId: user.id,
        now: now(),
      })
      reply.header('cache-control', 'no-store')
      return options
    },
  )

  routes.post(
    '/api/v1/users/me/passkeys',
    { schema: { body: PasskeyRegistrationBodySchema, response: { 201: PasskeySchema } } },
    async (request, reply) => {
      const userId = request.viewer!.userId
      const at = now()
      const challenge = await spendChallenge(db, request, reply, {
        purpose: 'register',
        userId,
        now: at,
      })
      const verification = await verifyRegistrationResponse({
        response: request.body.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => ({ verified: false as const }))
      if (!verification.verified)
        throw httpError(400, PasskeyErrorCode.verificationFailed, PasskeyMessage.verificationFailed)
      const { credential } = verification.registrationInfo
      if (await findPasskeyByCredentialId(db, credential.id))
        throw httpError(409, PasskeyErrorCode.alreadyAdded, PasskeyMessage.alreadyAdded)
      const [row] = await db
        .insert(passkeysTable)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          // Bowser may find no name at all in an unusual user agent.
          name:
            request.body.name ??
            (deviceName(request.headers['user-agent']?.slice(0, 512) ?? null) || 'Passkey'),
          createdAt: at,
        })
        .returning()
      return reply.status(201).send(toPasskey(row!))
    },
  )

  routes.get(
    '/api/v1/users/me/passkeys',
    { schema: { response: { 200: PasskeysSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { items: (await listPasskeys(db, request.viewer!.userId)).map(toPasskey) }
    },
  )

  routes.get(
    '/api/v1/users/me/passkeys/:id',
    { schema: { params: PasskeyIdParamsSchema, response: { 200: PasskeySchema } } },
    async (request, reply) => {
      const [row] = await db
        .select()
        .from(passkeysTable)
        .where(ownPasskey(request.viewer!.userId, request.params.id))
      if (!row) throw notFound()
      reply.header('cache-control', 'no-store')
      return toPasskey(row)
    },
  )

  routes.patch(
    '/api/v1/users/me/passkeys/:id',
    {
      schema: {
        params: PasskeyIdParamsSchema,
        body: PasskeyRenameBodySchema,
        response: { 200: PasskeySchema },
      },
    },
    async (request) => {
      const [row] = await db
        .update(passkeysTable)
        .set({ name: request.body.name })
        .where(ownPasskey(request.viewer!.userId, request.params.id))
        .returning()
      if (!row) throw notFound()
      return toPasskey(row)
    },
  )

  routes.delete(
    '/api/v1/users/me/passkeys/:id',
    { schema: { params: PasskeyIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const userId = request.viewer!.userId
      await db.transaction(async (tx) => {
        // The member's row locked: two removals at once cannot each leave the other as the last.
        await lockMember(tx, userId)
        const [row] = await tx
          .select()
          .from(passkeysTable)
          .where(ownPasskey(userId, request.params.id))
        if (!row) throw notFound()
        if (!keepsAnotherWay(await signInMethods(tx, userId), { passkey: true }))
          throw httpError(409, PasskeyErrorCode.lastWayToSignIn, PasskeyMessage.lastWayToSignIn)
        await tx.delete(passkeysTable).where(eq(passkeysTable.id, row.id))
      })
      return reply.status(204).send(null)
    },
  )
}
