import type { IncomingHttpHeaders } from 'node:http'

/** What `authenticate` receives: the request's headers and its cookies, parsed for it. */
export interface HubAuthRequest {
  headers: IncomingHttpHeaders
  cookies: Record<string, string | undefined>
}

export type HubAuthenticate = (request: HubAuthRequest) => Promise<{ userId: string } | null>

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
