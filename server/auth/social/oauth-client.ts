import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { OAuthProviderConfig } from '../../config-oauth'

// A small OAuth 2.0 authorization-code client with PKCE (RFC 7636, S256) over fetch: the two
// providers need nothing more, and a library would add a dependency for three requests.

const PROVIDER_TIMEOUT_MS = 10_000

/** `rejected`: the provider answered no (bad code, used code, wrong verifier). `unreachable`: no usable answer. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    message: string,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** 256 random bits, base64url: a state value, a PKCE verifier (43 characters, RFC 7636 §4.1). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

export interface AuthorizationUrlInput {
  redirectUri: string
  state: string
  codeVerifier: string
  scope: string
  extraParams?: Record<string, string>
}

export function authorizationUrl(
  provider: OAuthProviderConfig,
  input: AuthorizationUrlInput,
): string {
  const url = new URL(provider.authorizeUrl)
  const params = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: input.redirectUri,
    scope: input.scope,
    state: input.state,
    code_challenge: pkceChallenge(input.codeVerifier),
    code_challenge_method: 'S256',
    ...input.extraParams,
  }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

const TokenResponseSchema = z.object({ access_token: z.string().min(1) })

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  } catch (error) {
    throw new ProviderError('unreachable', `${new URL(url).host}: ${(error as Error).message}`)
  }
}

async function readJson(response: Response, what: string): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    throw new ProviderError('unreachable', `${what} answered ${response.status} without JSON`)
  }
}

/** Exchanges the code (client_secret_post: both providers accept it) and returns the access token. */
export async function exchangeCode(
  provider: OAuthProviderConfig,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<string> {
  const response = await request(provider.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
  })
  // RFC 6749 §5.2: a refused grant is a 4xx; a 5xx is the provider's own trouble.
  if (response.status >= 400 && response.status < 500) {
    throw new ProviderError('rejected', `token endpoint answered ${response.status}`)
  }
  const body = TokenResponseSchema.safeParse(await readJson(response, 'token endpoint'))
  if (!response.ok || !body.success) {
    throw new ProviderError(
      'unreachable',
      `token endpoint answered ${response.status} without an access token`,
    )
  }
  return body.data.access_token
}

/** The userinfo document, unparsed: each provider's module validates its own shape. */
export async function fetchUserinfo(userinfoUrl: string, accessToken: string): Promise<unknown> {
  const response = await request(userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  })
  if (!response.ok)
    throw new ProviderError('unreachable', `userinfo endpoint answered ${response.status}`)
  return readJson(response, 'userinfo endpoint')
}
