import type { PGlite } from '@electric-sql/pglite'

// A PGlite whose backend faulted refuses every statement after the fault, instead of answering
// them from a broken backend.
//
// PGlite 0.5.16's execProtocolRawSync runs the backend's PostgresMainLoopOnce in a try/catch
// that recovers only from PostgreSQL's own error longjmp (an exception with status 100) and
// drops any other exception without a word: a RangeError when the wasm runs out of V8's stack
// (a statement recursing a few hundred levels: PostgreSQL's max_stack_depth measures the wasm's
// own stack, not V8's), a wasm trap ("null function or function signature mismatch",
// "memory access out of bounds"). The statement then answers no rows, and the backend, left in
// the middle of it, answers what follows wrongly: no rows again, EmscriptenSjLj and Aborted()
// dropped the same way, "ERRORDATA_STACK_SIZE exceeded" (its error stack never emptied), or
// never returns. CI saw it in the search tests: the misspelling fallback found nothing, then
// searches answered 500 with ERRORDATA_STACK_SIZE exceeded.

/** The backend's entry points that PGlite's JavaScript calls (its emscripten module). */
interface Backend {
  _PostgresMainLoopOnce: () => void
  _pgl_pq_flush: () => void
}

/** PGlite's marker for PostgreSQL's error longjmp (pglitec.c's POSTGRES_MAIN_LONGJMP). */
const POSTGRES_MAIN_LONGJMP = 100

const faults = new WeakMap<Backend, unknown>()
const guarded = new WeakSet<Backend>()
const listeners = new WeakMap<Backend, Set<(fault: PgliteBackendFault) => void>>()

function backendOf(client: PGlite): Backend | undefined {
  return (client as unknown as { mod?: Backend }).mod
}

/** The exception the backend of `client` faulted with, if it did. */
export function backendFault(client: PGlite): unknown {
  const backend = backendOf(client)
  return backend ? faults.get(backend) : undefined
}

export class PgliteBackendFault extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
    super(`PGlite's backend faulted and can answer no more statements (${reason})`, { cause })
    this.name = 'PgliteBackendFault'
  }
}

/**
 * Records any exception out of the backend's loop other than PostgreSQL's own error, and from
 * then on fails every statement: the flush after each message (outside PGlite's try/catch)
 * throws it, so the statement that faulted rejects too. Once per instance; false when this
 * PGlite's backend has not the entry points it wraps.
 */
export function failOnBackendFaults(client: PGlite): boolean {
  const backend = backendOf(client)
  if (!backend) return false
  if (guarded.has(backend)) return true
  const loopOnce = backend._PostgresMainLoopOnce
  const flush = backend._pgl_pq_flush
  // Another PGlite than 0.5.16 may name its entry points otherwise: then it is left unguarded,
  // and pglite-faults.test.ts fails, so an upgrade looks at this again.
  if (typeof loopOnce !== 'function' || typeof flush !== 'function') return false
  guarded.add(backend)
  backend._PostgresMainLoopOnce = () => {
    try {
      loopOnce()
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status
      if (status !== POSTGRES_MAIN_LONGJMP && !faults.has(backend)) {
        faults.set(backend, error)
        // Told after the statement unwinds, never from inside the backend's call.
        for (const listener of listeners.get(backend) ?? [])
          queueMicrotask(() => listener(new PgliteBackendFault(error)))
      }
      throw error
    }
  }
  backend._pgl_pq_flush = () => {
    flush()
    if (faults.has(backend)) throw new PgliteBackendFault(faults.get(backend))
  }
  return true
}

/**
 * Runs `listener` once if the backend of `client` faults (failOnBackendFaults): nothing it is
 * asked after that can be answered, so the process is best restarted (server/main.ts exits).
 * Returns its removal.
 */
export function onBackendFault(
  client: PGlite,
  listener: (fault: PgliteBackendFault) => void,
): () => void {
  const backend = backendOf(client)
  if (!backend) return () => {}
  let registered = listeners.get(backend)
  if (!registered) listeners.set(backend, (registered = new Set()))
  registered.add(listener)
  return () => void registered.delete(listener)
}
