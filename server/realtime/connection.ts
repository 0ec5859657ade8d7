import type { TransportName } from './negotiate'

/** What a transport gives the hub: whole chunks out (never a split record), and an end. */
export interface TransportSink {
  readonly name: TransportName
  write(chunk: string): void
  /** Ends the transport (long polling answers its pending poll with 204, so the client closes). */
  end(): void
  /** Bytes written but not yet flushed to the client (slow consumers are dropped). */
  buffered(): number
  /** Called on the hub's shared tick; false means the transport is gone (long polling). */
  tick?(now: number): boolean
}

export type ConnectionState = 'negotiated' | 'handshaking' | 'connected' | 'closed'

// One object per connection with plain fields and no timers or closures: the hub's single tick
// walks all of them (5,000 sockets per process must stay cheap, DESIGN §7).
export class HubConnection {
  state: ConnectionState = 'negotiated'
  transport: TransportSink | null = null
  activatedAt = 0
  lastReceivedAt: number
  lastSentAt: number
  /** .NET starts the client timeout only after the client's first ping (DefaultHubDispatcher). */
  clientPinged = false
  /** An unfinished record waiting for the rest of its bytes. */
  incoming = ''
  /** A POST is being read: SSE and long polling process one at a time (409 otherwise). */
  posting = false
  readonly groups = new Set<string>()
  /** Intentions this connection is praying for now (StartPraying), created on first use. */
  praying: Set<string> | null = null
  /** Groups whose roster lists this connection (a prayer room), created on first use. */
  rosters: Set<string> | null = null
  /** The negotiate request's id, so the hub's log lines join the request log (operations). */
  requestId: string | null = null
  /** The session proved two factors (issue 39): hub methods may use the member's staff rights. */
  secondFactor = false

  constructor(
    readonly connectionId: string,
    readonly token: string,
    readonly userId: string,
    /** The cookie header that authenticated it, kept to re-check the session later. */
    public cookie: string,
    readonly createdAt: number,
  ) {
    this.lastReceivedAt = createdAt
    this.lastSentAt = createdAt
  }

  send(chunk: string, now: number): void {
    if (this.state === 'closed' || !this.transport) return
    this.transport.write(chunk)
    this.lastSentAt = now
  }
}
