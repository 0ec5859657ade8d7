import type { SocialProvider } from '@contract/auth'
import type { App } from '../../server/app'

/**
 * One browser's view of the app: a cookie jar over `app.inject`, and the provider round trip
 * done with real HTTP against the mock provider.
 */
export function createBrowser(app: App) {
  const jar = new Map<string, string>()

  async function request(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    accept = 'application/json',
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    const response = await app.inject({
      method,
      url,
      headers: { accept, ...headers, ...(jar.size > 0 ? { cookie: cookieHeader() } : {}) },
      ...(payload ? { payload } : {}),
    })
    for (const cookie of response.cookies as {
      name: string
      value: string
      maxAge?: number
      expires?: Date
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now())
      if (expired || cookie.value === '') jar.delete(cookie.name)
      else jar.set(cookie.name, cookie.value)
    }
    return response
  }

  function cookieHeader() {
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  return {
    jar,
    request,
    /** Adds a cookie header value such as the one tests/helpers/users.ts signIn returns. */
    addCookie(header: string) {
      const [name, value] = header.split('=') as [string, string]
      jar.set(name, value)
    },
    /** GET /auth/{provider}/start and follow the redirect to the provider, which sends us back. */
    async startAndAuthorize(provider: SocialProvider, next?: string, invite?: string) {
      const query = new URLSearchParams({
        ...(next === undefined ? {} : { next }),
        ...(invite === undefined ? {} : { invite }),
      }).toString()
      const start = await request(
        'GET',
        `/auth/${provider}/start${query ? `?${query}` : ''}`,
        'text/html',
      )
      if (start.statusCode !== 302)
        throw new Error(`start answered ${start.statusCode}: ${start.body}`)
      const authorizeUrl = new URL(start.headers.location as string)
      const authorize = await fetch(authorizeUrl, { redirect: 'manual' })
      const callbackUrl = new URL(authorize.headers.get('location') ?? 'http://missing')
      return {
        authorizeUrl,
        callbackUrl,
        callbackPath: `${callbackUrl.pathname}${callbackUrl.search}`,
      }
    },
    /** What the client page does: relay the callback query to the server with fetch. */
    relayCallback(callbackPath: string) {
      return request('GET', callbackPath)
    },
  }
}

export type Browser = ReturnType<typeof createBrowser>
