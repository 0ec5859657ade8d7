import type { IncomingMessage } from 'node:http'
import { OAuth2Server } from 'oauth2-mock-server'

export interface TokenRequest {
  body: Record<string, string>
}

/**
 * A real OAuth2/OIDC server (oauth2-mock-server) on an ephemeral port. Its authorize endpoint
 * redirects straight back with code and state, its token endpoint checks the PKCE verifier,
 * and `userinfo` is what the next userinfo call answers.
 */
export async function startMockProvider() {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const url = server.issuer.url!
  const state = {
    userinfo: {} as Record<string, unknown>,
    tokenRequests: [] as TokenRequest[],
    userinfoRequests: [] as { url: string; authorization: string | undefined }[],
    /** The next token response is a 500, as from a provider in trouble. */
    failNextToken: false,
  }
  server.service.on(
    'beforeResponse',
    (
      response: { body: unknown; statusCode: number },
      req: IncomingMessage & { body: Record<string, string> },
    ) => {
      state.tokenRequests.push({ body: { ...req.body } })
      if (!state.failNextToken) return
      state.failNextToken = false
      response.statusCode = 500
      response.body = { error: 'server_error' }
    },
  )
  server.service.on('beforeUserinfo', (response: { body: unknown }, req: IncomingMessage) => {
    state.userinfoRequests.push({ url: req.url ?? '', authorization: req.headers.authorization })
    response.body = state.userinfo
  })
  return {
    url,
    state,
    /** GOOGLE_* or FACEBOOK_* variables pointing at this server. */
    env(prefix: 'GOOGLE' | 'FACEBOOK'): Record<string, string> {
      return {
        [`${prefix}_CLIENT_ID`]: `${prefix.toLowerCase()}-client`,
        [`${prefix}_CLIENT_SECRET`]: `${prefix.toLowerCase()}-secret`,
        [`${prefix}_AUTHORIZE_URL`]: `${url}/authorize`,
        [`${prefix}_TOKEN_URL`]: `${url}/token`,
        [`${prefix}_USERINFO_URL`]: `${url}/userinfo`,
      }
    },
    stop: () => server.stop(),
  }
}

export type MockProvider = Awaited<ReturnType<typeof startMockProvider>>
