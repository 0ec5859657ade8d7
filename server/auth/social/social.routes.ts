import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SocialProviderSchema, type SocialProvider } from '@contract/auth'
import { ProblemDetailsSchema } from '@contract/errors'
import {
  SocialCallbackQuerySchema,
  SocialCallbackResponseSchema,
  SocialErrorCode,
  SocialMessage,
  SocialStartWithIntentQuerySchema,
  socialLinkPage,
  type SocialCallbackQuery,
  type SocialCallbackResponse,
} from '@contract/social-sign-in'
import { hashInviteCode } from '../../community/invites.service'
import { httpError } from '../../errors/problem-error'
import { AUTH_LIMITS, authRateLimit } from '../../rate-limit/auth-limits'
import { startSession } from '../sign-in-session'
import { hasTwoStep } from '../two-step/totp'
import { consumeSignInState, saveSignInState } from './sign-in-states'
import { providerProfile, signInWithProvider } from './sign-in-with-provider'
import { ensureBindingCookie, readBindingCookie, setPendingLinkCookie } from './social-cookies'
import { socialLinkRoutes } from './social-link.routes'
import { linkedIdentitiesRoutes } from './linked-identities.routes'
import { linkIdentityToAccount } from './linked-identities'
import { linkingMember, linkingMemberAtCallback } from './link-intent'
import { authorizationUrl } from './oauth-client'
import { providerConfig, providerDefinition, redirectUri } from './social-providers'

/**
 * GET /auth/{provider}/start and /callback (spec 000 §7), the pending link's calls, and the
 * account screen's linked sign-ins (issue 39).
 */
export function socialSignInRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()

  for (const provider of SocialProviderSchema.options) {
    // DESIGN §5: per-IP limits; each start writes a row and each callback calls the provider.
    const startLimit = authRateLimit(app, `${provider}-start`, AUTH_LIMITS.identifier)
    const callbackLimit = authRateLimit(app, `${provider}-callback`, AUTH_LIMITS.identifier)
    routes.get(
      `/auth/${provider}/start`,
      {
        ...startLimit,
        // A HEAD must not start (or, below, finish) a sign-in.
        exposeHeadRoute: false,
        config: { ...startLimit.config, public: true },
        schema: {
          tags: ['auth'],
          querystring: SocialStartWithIntentQuerySchema,
          response: { '4xx': ProblemDetailsSchema },
        },
      },
      async (request, reply) => {
        const { config, db, now } = app.deps
        const oauth = providerConfig(config, provider)
        if (!oauth)
          throw httpError(
            404,
            SocialErrorCode.providerNotConfigured,
            SocialMessage.notConfigured(provider),
          )
        // Issue 39: from the account screen, to link the provider to the signed-in account.
        const linkUserId =
          request.query.intent === 'link' ? await linkingMember(app, request) : null
        const binding = ensureBindingCookie(request, reply)
        const { state, codeVerifier } = await saveSignInState(db, {
          provider,
          nextPath: request.query.next,
          binding,
          inviteHash: request.query.invite ? hashInviteCode(request.query.invite) : null,
          linkUserId,
          now: now(),
        })
        const definition = providerDefinition(provider)
        const url = authorizationUrl(oauth, {
          redirectUri: redirectUri(config, provider),
          state,
          codeVerifier,
          scope: definition.scope,
          ...(definition.extraAuthorizeParams
            ? { extraParams: definition.extraAuthorizeParams }
            : {}),
        })
        return reply.header('cache-control', 'no-store').redirect(url, 302)
      },
    )

    routes.get(
      `/auth/${provider}/callback`,
      {
        ...callbackLimit,
        exposeHeadRoute: false,
        config: { ...callbackLimit.config, public: true },
        schema: {
          tags: ['auth'],
          querystring: SocialCallbackQuerySchema,
          response: {
            200: SocialCallbackResponseSchema,
            '4xx': ProblemDetailsSchema,
            '5xx': ProblemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        // The provider redirects the browser here, and this path is also the client page that
        // relays the query with fetch (spec 000 §2): a page navigation gets the app shell.
        if (prefersHtml(request.headers.accept)) return reply.callNotFound()
        reply.header('cache-control', 'no-store')
        return finishSignIn(app, provider, request, reply)
      },
    )
  }

  socialLinkRoutes(app)
  linkedIdentitiesRoutes(app)
}

function prefersHtml(accept: string | undefined) {
  return (accept ?? '').includes('text/html')
}

async function finishSignIn(
  app: FastifyInstance,
  provider: SocialProvider,
  request: FastifyRequest<{ Querystring: SocialCallbackQuery }>,
  reply: FastifyReply,
): Promise<SocialCallbackResponse> {
  const { config, db, now } = app.deps
  const oauth = providerConfig(config, provider)
  if (!oauth)
    throw httpError(
      404,
      SocialErrorCode.providerNotConfigured,
      SocialMessage.notConfigured(provider),
    )
  const { code, state, error } = request.query
  const started = state
    ? await consumeSignInState(db, {
        provider,
        state,
        binding: readBindingCookie(request),
        now: now(),
      })
    : null
  if (!started) throw httpError(400, SocialErrorCode.invalidState, SocialMessage.invalidState)
  // The person declined at the provider (RFC 6749 §4.1.2.1 access_denied) or it failed there.
  if (error || !code)
    throw httpError(400, SocialErrorCode.cancelled, SocialMessage.cancelled(provider))

  const providerCode = { app, provider, oauth, code, codeVerifier: started.codeVerifier }
  if (started.linkUserId) {
    // Issue 39: the session stays; the identity joins the account that started the link.
    await linkingMemberAtCallback(app, request, started.linkUserId)
    await linkIdentityToAccount(db, {
      userId: started.linkUserId,
      profile: await providerProfile(providerCode),
      now: now(),
    })
    const hasProfile = request.viewer?.hasProfile ?? true
    return { needsLinking: false, next: started.nextPath, hasProfile, linked: provider }
  }

  const outcome = await signInWithProvider({
    ...providerCode,
    viewerUserId: request.viewer?.userId ?? null,
    inviteHash: started.inviteHash,
  })
  if (outcome.kind === 'needs-linking') {
    setPendingLinkCookie(reply, outcome.pendingToken)
    const { linkWith } = outcome
    // Issue 37: the link waits for the signed-in member's confirmation on this page. The person
    // proves the account first (spec 000 §2 routes): /login keeps the page as its next target,
    // the password step gets it in navigation state (`returnTo`).
    const confirm = socialLinkPage(started.nextPath)
    const prove =
      linkWith === 'password' ? '/auth/password' : `/login?next=${encodeURIComponent(confirm)}`
    return {
      needsLinking: true,
      next: outcome.proven ? confirm : prove,
      email: outcome.email,
      linkWith,
      message:
        linkWith === 'password'
          ? SocialMessage.linkWithPassword
          : SocialMessage.linkWithProvider(linkWith),
      returnTo: outcome.proven ? started.nextPath : confirm,
    }
  }
  // A new session for whoever signed in: never keep one that may belong to someone else.
  await startSession(request, reply, { userId: outcome.userId, persistent: true, now: now() })
  const signedIn = {
    needsLinking: false as const,
    next: started.nextPath,
    hasProfile: outcome.hasProfile,
  }
  // Issue 39: the provider vouched for one factor; with two-step on, the code comes next.
  return (await hasTwoStep(db, outcome.userId))
    ? { ...signedIn, secondFactorNeeded: true as const }
    : signedIn
}
