// Navigations that open the landing page pre-rendered at build time (landing.html): `/` only,
// with any query (the manifest's start_url is /?source=pwa). Workbox's NavigationRoute tests
// `pathname + search`. Every other client route gets the empty shell, never the landing page.
export const LANDING_NAVIGATION = /^\/(?:\?|$)/
