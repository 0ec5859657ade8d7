import type { ServerResponse } from 'node:http'
import type { TransportSink } from '../connection'

// Server-Sent Events (TransportProtocols.md; notes §2): one event per chunk of records.

/** One SSE event; a payload line break would end a `data:` field, so each line gets its own. */
export function formatEvent(chunk: string): string {
  return (
    chunk
      .split(/\r\n|\r|\n/)
      .map((line) => `data: ${line}\r\n`)
      .join('') + '\r\n'
  )
}

export class ServerSentEventsSink implements TransportSink {
  readonly name = 'ServerSentEvents'

  constructor(private readonly response: ServerResponse) {}

  write(chunk: string): void {
    // A stream the client dropped raises an 'error' on write; the hub learns of it on 'close'.
    if (!this.response.writableEnded && !this.response.destroyed)
      this.response.write(formatEvent(chunk))
  }

  end(): void {
    if (!this.response.writableEnded) this.response.end()
  }

  buffered(): number {
    return this.response.writableLength
  }
}

export function openEventStream(response: ServerResponse): ServerSentEventsSink {
  response.socket?.setNoDelay(true)
  response.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache,no-store',
    // Compression or proxy buffering would hold back the first write and every event (notes §7).
    'Content-Encoding': 'identity',
    'X-Accel-Buffering': 'no',
  })
  // The client waits for EventSource `open` before it sends the handshake: flush something now.
  response.write(':\r\n')
  return new ServerSentEventsSink(response)
}
