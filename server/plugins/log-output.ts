import { writeSync } from 'node:fs'
import type { DestinationStream } from 'pino'

// Issue 44: a server whose standard output's reader had gone spun on its shutdown log line
// (write → EPIPE, again and again) and neither served nor exited. A log line is never worth
// that: each write is tried a bounded number of times, then dropped and counted (/metrics).

let dropped = 0

/** Log lines dropped since the process started (log_lines_dropped_total). */
export function droppedLogLines(): number {
  return dropped
}

// The reader is gone for good: later lines are dropped without a system call.
const GONE = new Set(['EPIPE', 'EBADF', 'ECONNRESET', 'ENOTCONN', 'EINVAL'])
const RETRIES = 3
const RETRY_WAIT_MS = 2
const pause = new Int32Array(new SharedArrayBuffer(4))

export interface LogOutputOptions {
  fd?: number
  /** The write itself (tests stand in a failing one). */
  write?: (fd: number, data: Uint8Array) => number
}

/**
 * A pino destination over a file descriptor (standard output by default) that never blocks
 * serving or shutdown: a full pipe (a stalled collector) is retried a few milliseconds, then
 * the line dropped; a closed pipe or socket drops every later line at once; a full disk drops
 * the line and tries the next.
 */
export function logOutput(options: LogOutputOptions = {}): DestinationStream {
  const fd = options.fd ?? 1
  const write = options.write ?? writeSync
  // Node opens a pipe on standard output non-blocking (libuv), so a full pipe answers EAGAIN
  // instead of holding the process in write(); the inherited descriptor may be blocking.
  if (fd === 1 && !options.write) void process.stdout.writable
  let gone = false
  // After a line was dropped for a full pipe, the next ones get one try each until one passes:
  // a stalled collector costs no waiting per line.
  let stalled = false
  return {
    write(line: string) {
      if (gone) {
        dropped += 1
        return
      }
      let rest: Uint8Array = Buffer.from(line)
      for (let attempt = 0; ; attempt += 1) {
        try {
          const written = write(fd, rest)
          if (written >= rest.length) {
            stalled = false
            return
          }
          rest = rest.subarray(written)
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? ''
          if (GONE.has(code)) gone = true
          if (code !== 'EAGAIN' || gone) {
            dropped += 1
            return
          }
        }
        if (stalled || attempt >= RETRIES) {
          stalled = true
          dropped += 1
          return
        }
        Atomics.wait(pause, 0, 0, RETRY_WAIT_MS)
      }
    },
  }
}
