import type { FastifyInstance } from 'fastify'
import type { SocialProvider } from '@contract/auth'
import { SocialErrorCode, SocialMessage } from '@contract/social-sign-in'
import type { OAuthProviderConfig } from '../../config-oauth'
import { httpError } from '../../errors/problem-error'
import { exchangeCode, fetchUserinfo, ProviderError } from './oauth-client'
import { providerDefinition, redirectUri, type SocialProfile } from './social-providers'
import { resolveSocialSignIn, type SocialSignInOutcome } from './social-sign-in.service'

interface ProviderCode {
  app: FastifyInstance
  provider: SocialProvider
  oauth: OAuthProviderConfig
  code: string
  codeVerifier: string
}

/**
 * Code -> token (with the PKCE verifier) -> userinfo -> who the provider says the person is, as
 * problem details on failure. A sign-in and a link (issue 39) both start here.
 */
export async function providerProfile(input: ProviderCode): Promise<SocialProfile> {
  const { app, provider, oauth } = input
  const definition = providerDefinition(provider)
  let profile: SocialProfile | null
  try {
    const accessToken = await exchangeCode(oauth, {
      code: input.code,
      redirectUri: redirectUri(app.deps.config, provider),
      codeVerifier: input.codeVerifier,
    })
    profile = definition.parseProfile(
      await fetchUserinfo(definition.userinfoUrl(oauth.userinfoUrl), accessToken),
    )
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    app.log.warn({ provider, reason: error.message }, 'social sign-in failed at the provider')
    if (error.kind === 'rejected')
      throw httpError(400, SocialErrorCode.failed, SocialMessage.failed)
    throw httpError(
      502,
      SocialErrorCode.providerUnavailable,
      SocialMessage.providerUnavailable(provider),
    )
  }
  if (!profile) {
    app.log.warn({ provider }, 'social sign-in: userinfo without a usable user id')
    throw httpError(
      502,
      SocialErrorCode.providerUnavailable,
      SocialMessage.providerUnavailable(provider),
    )
  }
  return profile
}

/** The provider's person -> our user, as problem details on failure. */
export async function signInWithProvider(
  input: ProviderCode & { viewerUserId: string | null; inviteHash: string | null },
): Promise<SocialSignInOutcome> {
  const { app } = input
  const profile = await providerProfile(input)
  const { config, db, now } = app.deps
  return resolveSocialSignIn({
    db,
    config,
    now: now(),
    profile,
    viewerUserId: input.viewerUserId,
    admission: { join: (await app.community.read()).join, inviteHash: input.inviteHash },
  })
}
