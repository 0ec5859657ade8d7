// Which navigations the service worker answers with the cached app shell (index.html).
// Client routes must open offline; server endpoints reached by a real browser navigation must
// always go to the network, or the shell would swallow a redirect, a download or a sign-in step.
// Workbox's NavigationRoute tests each pattern against `pathname + search`.

// The client's pages under /auth (spec 000 §2 route table). /auth/{provider}/callback is a client
// page that relays the query string to the server with fetch, so it must get the shell too;
// /auth/link confirms a social link (docs/social-sign-in.md).
const CLIENT_AUTH_PAGE = String.raw`(?:identifier|email|password|signup|verify-email|link|[a-z]+/callback)(?:\?|$)`

export const SERVER_NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/api(?:\/|\?|$)/,
  /^\/hub(?:\/|\?|$)/,
  /^\/__dev(?:\/|\?|$)/,
  /^\/(?:healthz|readyz)(?:\?|$)/,
  // Every other /auth path is the server's: session, {provider}/start, logout, reset-password/…
  new RegExp(String.raw`^/auth/(?!${CLIENT_AUTH_PAGE})`),
  // The server's verify endpoint shares its path with the client page; the token tells them apart
  // (spec 000 §2: /verify-email?token= forwards the browser to GET /auth/verify-email?token=).
  /^\/auth\/verify-email\?(?:[^#]*&)?token=/,
  // A path naming a file (robots.txt, sw.js, openapi.json) is never a client route.
  /^[^?]*\/[^/?]+\.[a-z0-9]+(?:\?|$)/i,
]
