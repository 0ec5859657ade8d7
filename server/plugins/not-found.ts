import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
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

export function installNotFound(app: FastifyInstance, client: ClientApp | null) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)
    if (client && !isApi && isNavigation(request)) return client.sendShell(reply)
    return sendProblem(reply, problem(404, ErrorCode.notFound, `No route for ${request.method} ${path}.`))
  })
}
