import { describe, expect, it } from 'vitest'
import { authorizationUrl, pkceChallenge, randomSecret } from './oauth-client'

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('draws verifiers the RFC accepts (43 unreserved characters), never twice the same', () => {
    const verifier = randomSecret()
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/)
    expect(randomSecret()).not.toBe(verifier)
  })

  it('keeps the query an operator put in the authorize URL', () => {
    const url = new URL(
      authorizationUrl(
        {
          clientId: 'id',
          clientSecret: 's',
          authorizeUrl: 'https://idp.test/auth?hd=example.org',
          tokenUrl: '',
          userinfoUrl: '',
        },
        {
          redirectUri: 'https://app.test/cb',
          state: 'st',
          codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
          scope: 'openid',
        },
      ),
    )
    expect(Object.fromEntries(url.searchParams)).toEqual({
      hd: 'example.org',
      response_type: 'code',
      client_id: 'id',
      redirect_uri: 'https://app.test/cb',
      scope: 'openid',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
  })
})
