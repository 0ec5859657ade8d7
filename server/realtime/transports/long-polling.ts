import type { ServerResponse } from 'node:http'
import type { TransportSink } from '../connection'

// Long polling (TransportProtocols.md; notes §2). Outgoing records wait in a queue until a poll
// takes them; a poll waits until there is something to take or its time is up.

export const NO_CACHE_HEADERS = {
  'Cache-Control': 'no-cache, no-store',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
}

// Under both the client's fixed 100 s poll timeout and common proxy idle limits (.NET: 90 s).
export const POLL_TIMEOUT_MS = 90_000
// A client that stops polling is gone (.NET disposes after about 15 s).
const IDLE_TIMEOUT_MS = 15_000

function answer(response: ServerResponse, status: 200 | 204, body = ''): void {
  if (response.writableEnded || response.destroyed) return
  const headers = body
    ? { ...NO_CACHE_HEADERS, 'Content-Type': 'application/octet-stream' }
    : NO_CACHE_HEADERS
  response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) })
  response.end(body)
}

export class LongPollingSink implements TransportSink {
  readonly name = 'LongPolling'
  private queue: string[] = []
  private queuedChars = 0
  private poll: ServerResponse | null = null
  private pollStartedAt = 0
  private idleSince: number

  constructor(
    private readonly now: () => number,
    private readonly pollTimeoutMs = POLL_TIMEOUT_MS,
  ) {
    this.idleSince = now()
  }

  /** The first poll: answered at once and empty, which lets `start()` send the handshake (notes §2). */
  static activate(
    response: ServerResponse,
    now: () => number,
    pollTimeoutMs?: number,
  ): LongPollingSink {
    answer(response, 200)
    return new LongPollingSink(now, pollTimeoutMs)
  }

  addPoll(response: ServerResponse): void {
    // A newer poll replaces an older one, which ends with 204.
    if (this.poll) answer(this.poll, 204)
    this.poll = response
    this.pollStartedAt = this.now()
    response.once('close', () => this.release(response))
    if (this.queue.length > 0) this.flush()
  }

  write(chunk: string): void {
    this.queue.push(chunk)
    this.queuedChars += chunk.length
    if (this.poll) this.flush()
  }

  end(): void {
    // What is queued (a Close, a handshake error) still goes out; otherwise 204 tells the client
    // the connection is over.
    if (this.poll && this.queue.length > 0) this.flush()
    else if (this.poll) {
      answer(this.poll, 204)
      this.release(this.poll)
    }
  }

  buffered(): number {
    return this.queuedChars
  }

  tick(now: number): boolean {
    if (this.poll) {
      if (now - this.pollStartedAt >= this.pollTimeoutMs) {
        answer(this.poll, 200)
        this.release(this.poll)
      }
      return true
    }
    return now - this.idleSince <= IDLE_TIMEOUT_MS
  }

  private flush(): void {
    const poll = this.poll
    if (!poll) return
    const body = this.queue.join('')
    this.queue = []
    this.queuedChars = 0
    answer(poll, 200, body)
    this.release(poll)
  }

  private release(response: ServerResponse): void {
    if (this.poll !== response) return
    this.poll = null
    this.idleSince = this.now()
  }
}
