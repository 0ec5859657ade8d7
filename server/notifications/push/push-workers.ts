import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type webpush from 'web-push'

// Web Push's own work off the event loop (issue 45): each push is encrypted to its device (an
// ECDH key agreement and AES-GCM, RFC 8291) and posted over TLS, some 0.7 ms of CPU a push, so
// 7 s of a 10,000-reminder minute that the loop also needs for the database and the hub. A few
// worker threads do it with web-push's sendNotification, as the loop did, each over connections
// of its own kept alive; the loop only hands over the payload and reads back the answer.

/** What web-push is handed (the agent aside: each worker keeps its own). */
export type PushRequest = Omit<webpush.RequestOptions, 'agent' | 'vapidDetails'>

export interface PushWorkers {
  /** Resolves once the push service took the push; rejects with `statusCode` on an HTTP error. */
  send(
    subscription: webpush.PushSubscription,
    payload: string,
    options: PushRequest,
  ): Promise<void>
  /** Starts every worker now and waits until each can push (tests: no start inside a push's wait). */
  warm(): Promise<void>
  /** Stops the workers; a push still in their hands is rejected, to be tried again. */
  close(): Promise<void>
}

/** A rejected push as the worker answers it: web-push's WebPushError, or a network error. */
type Failure = { message: string; statusCode?: number; body?: string }
type Answer = { id: number; failure?: Failure } | { ready: true; id?: undefined }
type Pending = { resolve(): void; reject(error: Error): void }

// The worker's code, plain JavaScript evaluated as a script, so that it runs the same under
// tsx, vitest and the bundled server (dist/server/main.js has no file of its own for it).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { Agent } = require('node:https')
const webpush = require(workerData.webPush)
parentPort.postMessage({ ready: true })
const agent = new Agent({
  keepAlive: true,
  timeout: workerData.idleMs,
  ...(workerData.ca ? { ca: workerData.ca } : {}),
})
parentPort.on('message', ({ id, subscription, payload, options }) => {
  webpush.sendNotification(subscription, payload, { ...options, agent }).then(
    () => parentPort.postMessage({ id }),
    (error) => parentPort.postMessage({
      id,
      failure: {
        message: String((error && error.message) || error),
        statusCode: error && typeof error.statusCode === 'number' ? error.statusCode : undefined,
        body: error && typeof error.body === 'string' ? error.body.slice(0, 500) : undefined,
      },
    }),
  )
})
`

/** An idle connection is closed after this long, before the push service would close it under us. */
const IDLE_CONNECTION_MS = 30_000

/** A push the push service refused, shaped as web-push's WebPushError for the caller. */
export class PushRefused extends Error {
  readonly statusCode: number | undefined
  readonly body: string | undefined
  constructor(failure: Failure) {
    super(failure.message)
    this.name = 'PushRefused'
    this.statusCode = failure.statusCode
    this.body = failure.body
  }
}

/**
 * Worker threads that send pushes, started on the first push (most processes, and most tests,
 * never push). `ca`: a certificate to trust instead of the usual ones (the tests' push service).
 */
export function createPushWorkers(options: { count?: number; ca?: string } = {}): PushWorkers {
  const count = options.count ?? Math.max(1, Math.min(4, availableParallelism()))
  const webPushPath = createRequire(import.meta.url).resolve('web-push')
  type Slot = { worker: Worker; pending: Map<number, Pending>; ready: Promise<void> }
  const slots: Slot[] = []
  let nextId = 0
  let closed = false

  const start = (): Slot => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { webPush: webPushPath, idleMs: IDLE_CONNECTION_MS, ca: options.ca },
    })
    // Kept alive by its pushes in flight, not on its own: a process closing without close()
    // still ends (what it was sending is delivered again from the outbox).
    worker.unref()
    let online = () => {}
    const slot: Slot = {
      worker,
      pending: new Map(),
      ready: new Promise<void>((resolve) => (online = resolve)),
    }
    worker.on('message', (answer: Answer) => {
      if (answer.id === undefined) return online()
      const pending = slot.pending.get(answer.id)
      if (!pending) return
      slot.pending.delete(answer.id)
      if (slot.pending.size === 0) worker.unref()
      if ('failure' in answer && answer.failure) pending.reject(new PushRefused(answer.failure))
      else pending.resolve()
    })
    // A worker gone (crashed, or closed) fails what it held; the next push starts another.
    const fail = (error: Error) => {
      online()
      const index = slots.indexOf(slot)
      if (index !== -1) slots.splice(index, 1)
      for (const pending of slot.pending.values()) pending.reject(error)
      slot.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the push worker stopped (exit code ${code})`)))
    slots.push(slot)
    return slot
  }

  // The least busy worker, a new one while there are fewer than `count`.
  const pick = (): Slot => {
    let best: Slot | undefined
    for (const slot of slots) if (!best || slot.pending.size < best.pending.size) best = slot
    return best && (best.pending.size === 0 || slots.length >= count) ? best : start()
  }

  return {
    send(subscription, payload, request) {
      if (closed) return Promise.reject(new Error('the push workers are closed'))
      const slot = pick()
      const id = (nextId += 1)
      return new Promise<void>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject })
        slot.worker.ref()
        slot.worker.postMessage({
          id,
          subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
          payload,
          options: request,
        })
      })
    },
    async warm() {
      while (!closed && slots.length < count) start()
      await Promise.all(slots.map((slot) => slot.ready))
    },
    async close() {
      closed = true
      await Promise.all([...slots].map((slot) => slot.worker.terminate()))
    },
  }
}
