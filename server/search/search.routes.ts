import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SearchQuerySchema, SearchResponseSchema } from '@contract/search'
import { READ, readContext } from '../auth/route-context'
import { outageKind, POOL_BUSY, type DatabaseFailure } from '../db/outage'
import type { TestimonyPort } from '../intentions/testimony-port'
import { search } from './search.service'

// A member types as they search (the client waits 300 ms between keys): a minute's worth of
// searching stays well inside this, a script reading the whole community through it does not.
export const SEARCHES_PER_MINUTE = 60

const SEARCH_LIMIT = {
  max: SEARCHES_PER_MINUTE,
  timeWindow: 60 * 1000,
  keyGenerator: (request: FastifyRequest) => `search:${request.viewer?.userId ?? request.ip}`,
}

// A failed statement's error carries its values, the terms among them (drizzle's message and
// `params`, and the driver's message may quote one): a search's failure leaves with none of it,
// as an outage when it was one (503, logged once), as a saturated pool's 503 when every
// connection was in use, and otherwise a 500 naming the SQLSTATE.
const OUTAGE_CODES: Record<DatabaseFailure, string> = {
  unavailable: '08000',
  'disk-full': '53100',
  busy: POOL_BUSY,
}

function withoutTerms(error: unknown): Error {
  const outage = outageKind(error)
  let code: unknown
  for (let at = error; at instanceof Error && code === undefined; at = at.cause) {
    code = (at as { code?: unknown }).code
  }
  const failure = new Error(`a search statement failed (${String(code ?? 'no code')})`)
  return Object.assign(failure, outage ? { code: OUTAGE_CODES[outage] } : {})
}

/** Issue 43: search requests, testimonies and the prayer list (docs/search.md). */
export function searchRoutes(
  app: FastifyInstance,
  { testimonies }: { testimonies: TestimonyPort },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/v1/search',
    {
      config: { ...READ, rateLimit: SEARCH_LIMIT },
      schema: {
        tags: ['search'],
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (request) => {
      const showPrayerCounts = (await app.community.read()).show_prayer_counts
      try {
        return await search(
          { ...readContext(app, request), testimonies, showPrayerCounts },
          request.query,
        )
      } catch (error) {
        throw withoutTerms(error)
      }
    },
  )
}
