import type { IncomingHttpHeaders } from 'node:http'

/** What `authenticate` receives: the request's headers and its cookies, parsed for it. */
export interface HubAuthRequest {
  headers: IncomingHttpHeaders
  cookies: Record<string, string | undefined>
}

/**
 * A signed-in user the hub does not serve (issue 38: a member waiting for approval): 403 with
 * the problem's code, where no session at all is 401.
 */
export interface HubRefusal {
  refused: { code: string; detail: string }
}

/** A served user; `secondFactor`: their session proved two factors, so staff rights apply (issue 39). */
export interface HubUser {
  userId: string
  secondFactor?: boolean
}

export type HubAuthenticate = (request: HubAuthRequest) => Promise<HubUser | HubRefusal | null>

/** The user the hub serves, or null (no session, or refused). */
export function servedUserId(answer: HubUser | HubRefusal | null): string | null {
  return answer && 'userId' in answer ? answer.userId : null
}

// Lenient on purpose: the Node client forwards Set-Cookie attributes as if they were cookies
// (`a=b; Path=/; HttpOnly`, notes §5), and a malformed pair must not hide the session cookie.
export function parseCookies(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = {}
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    if (!name || Object.hasOwn(cookies, name)) continue
    let value = pair.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1)
    try {
      cookies[name] = decodeURIComponent(value)
    } catch {
      cookies[name] = value
    }
  }
  return cookies
}

export function authRequest(headers: IncomingHttpHeaders): HubAuthRequest {
  return { headers, cookies: parseCookies(headers.cookie) }
}
