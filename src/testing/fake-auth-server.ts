import { vi } from 'vitest'

type Json = Record<string, unknown>
type Handler = (request: {
  url: string
  method: string
  body: Json | undefined
}) => Response | Promise<Response>

/**
 * A fetch stand-in for component tests of the accounts screens: a session answer plus
 * per-call handlers keyed "METHOD /path" (query strings ignored), everything else 404.
 */
export function fakeAuthServer(session: { isAuthenticated: boolean; hasProfile: boolean | null }) {
  const handlers = new Map<string, Handler>()
  const calls: { url: string; method: string; body: Json | undefined }[] = []
  const state = { session }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Json) : undefined
    calls.push({ url, method, body })
    const handler = handlers.get(`${method} ${url.split('?')[0]}`)
    if (handler) return handler({ url, method, body })
    if (url === '/auth/session') return Response.json(state.session)
    return new Response(null, { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    state,
    on(route: string, handler: Handler) {
      handlers.set(route, handler)
    },
    callsTo: (route: string) =>
      calls.filter((call) => `${call.method} ${call.url.split('?')[0]}` === route),
  }
}

export function problem(status: number, title: string, detail = title): Response {
  return Response.json(
    { type: 'about:blank', title, status, detail },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )
}
