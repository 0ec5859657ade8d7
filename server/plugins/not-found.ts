import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
import { intentionFeedUrl, WALL_FEED_FILTERS } from '@contract/intention-feed-url'
import type { ClientApp } from './client-app'
import { problem, sendProblem } from './problem-details'

// Machine paths never get the HTML shell: a fetch to a missing endpoint must fail loudly.
const API_PREFIXES = ['/api/', '/hub/', '/__dev/']

// /auth/* holds both API calls and client pages (spec 000: /auth/email, /auth/signup…), so
// there only a real page navigation gets the shell; fetches get a 404 problem.
function isNavigation(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return (request.headers.accept ?? '').includes('text/html')
}

const modulePreloads = (urls: string[]) => urls.map((url) => `<${url}>; rel=modulepreload`)

// Issue 18: every page of the app names the shell's code in preloads, so the stages the entry
// imports dynamically are fetched beside it. Opened cold, the wall also asked for its first
// page, the session check and the profile its guard and header need, and its own code, only once
// the app's entry had run. Served to a member who can read it, the wall names them all, so the
// browser fetches them beside the entry; the app's own requests (the same URLs, with
// credentials) take their answers.
function shellPreloads(client: ClientApp): string | null {
  return modulePreloads(client.firstPageChunks.shell).join(', ') || null
}

function wallPreloads(client: ClientApp): string | null {
  const { shell, wall } = client.firstPageChunks
  if (wall.length === 0) return shellPreloads(client)
  const calls = [intentionFeedUrl(WALL_FEED_FILTERS), '/auth/session', '/api/v1/users/me/'].map(
    (url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`,
  )
  return [...calls, ...modulePreloads(shell), ...modulePreloads(wall)].join(', ')
}

/**
 * Whether this navigation is a member's wall, which gets the preloads. Not for a member waiting
 * for approval (issue 38): the feed would answer 403 and the app goes to /waiting instead.
 */
function isMembersWall(request: FastifyRequest, path: string): boolean {
  const viewer = request.viewer
  if (path !== '/prayerwall' || !viewer?.hasProfile || viewer.pending) return false
  const view = new URLSearchParams(request.url.split('?')[1] ?? '').get('view')
  return view === null || view === 'wall'
}

export function installNotFound(app: FastifyInstance, client: ClientApp | null) {
  // The same for every page and every member: written once.
  const shell = client && shellPreloads(client)
  const wall = client && wallPreloads(client)
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)
    if (client && !isApi && isNavigation(request)) {
      const preloads = isMembersWall(request, path) ? wall : shell
      if (preloads) reply.header('link', preloads)
      return client.sendShell(request, reply)
    }
    return sendProblem(
      reply,
      problem(404, ErrorCode.notFound, `No route for ${request.method} ${path}.`),
    )
  })
}
