// Build-time entry (scripts/prerender-landing.ts runs it under Node): the landing page as HTML
// for landing.html, so `/` paints without waiting for the app's JavaScript (issue 2 budget).
import { createMemoryHistory } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import { App, createQueryClient } from './app'
import { activateLanguage } from './i18n/i18n'
import { createAppRouter } from './router'

/** The markup of `/` for a visitor, with emotion's style tags inline where they were rendered. */
export async function renderLanding(): Promise<string> {
  // Every English message, as the app has them when it hydrates `/` (a renamed id's English,
  // such as the About section's, is in the catalogue's later part: ADR 0038).
  await activateLanguage('en')
  const queryClient = createQueryClient()
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  // On the server the router would render an inline scroll-restoration script, which the CSP
  // (script-src 'self') blocks; the browser's router restores scroll by itself.
  router.update({ ...router.options, scrollRestoration: false })
  await router.load()
  // prerender (not renderToString) waits for lazy parts such as the update prompt: a boundary
  // left suspended would be thrown away and rendered again on the client (React error 419).
  const { prelude } = await prerender(<App router={router} queryClient={queryClient} />)
  queryClient.clear()
  return new Response(prelude).text()
}
