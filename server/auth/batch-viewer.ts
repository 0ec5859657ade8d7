import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyRequest } from 'fastify'

// An entry of POST /api/v1/sync acts as the member whose session the batch's own request
// resolved, and no one else (issue 19). The session plugin takes that viewer for the entries
// instead of looking the cookie up again: one query less per entry, and no read outside the
// batch's transaction, which on PGlite (one connection) would wait for that transaction.
// It lives with the session plugin, which reads it: sync/ (composition) sits above auth.

type Scope = { viewer: FastifyRequest['viewer'] }
const scopes = new AsyncLocalStorage<Scope>()

/** The batch's member while its entries run; null outside a batch. */
export function batchViewer(): FastifyRequest['viewer'] {
  return scopes.getStore()?.viewer ?? null
}

/** Runs the batch's entries as `viewer`; the scope ends with them. */
export async function asBatchViewer<T>(
  viewer: FastifyRequest['viewer'],
  work: () => Promise<T>,
): Promise<T> {
  const scope: Scope = { viewer }
  try {
    return await scopes.run(scope, work)
  } finally {
    scope.viewer = null
  }
}
