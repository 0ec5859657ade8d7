import { onTestFinished, vi } from 'vitest'

// A stand-in for the server in component tests: `fetch` answers from a table keyed by
// "METHOD /path?query" (or "METHOD /path" for any query), and every request is recorded so a
// test can assert what the user's action sent.

export type FakeRequest = { method: string; path: string; pathname: string; body: unknown }
export type FakeReply = { status?: number; json?: unknown }
export type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>)

export function problem(status: number, title: string, detail = title): FakeReply {
  return { status, json: { type: 'about:blank', title, status, detail } }
}

/** The session and profile of a signed-in moderator or admin, for the staff screens' tests. */
export function signedInStaff(role: 'moderator' | 'admin'): Record<string, FakeRoute> {
  return {
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'u1',
        display_name: 'Gentle Dove',
        email: 'dove@example.org',
        email_verified: true,
        is_moderator: true,
        roles: ['member', role],
      },
    },
  }
}

export function fakeApi(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test')
    const method = init?.method ?? 'GET'
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const request = { method, path: url.pathname + url.search, pathname: url.pathname, body }
    requests.push(request)
    const route = routes[`${method} ${request.path}`] ?? routes[`${method} ${url.pathname}`]
    const reply = typeof route === 'function' ? await route(request) : route
    const { status = 200, json } = reply ?? problem(404, 'not_found')
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
  return {
    requests,
    /** The requests sent as `METHOD /pathname`, in order. */
    sent: (method: string, pathname: string) =>
      requests.filter((request) => request.method === method && request.pathname === pathname),
  }
}

/** A reply the test releases when it wants, to look at the in-between (sending) state. */
export function deferredReply() {
  let release: (reply: FakeReply) => void = () => {}
  const reply = new Promise<FakeReply>((resolve) => {
    release = resolve
  })
  return { route: () => reply, release }
}
