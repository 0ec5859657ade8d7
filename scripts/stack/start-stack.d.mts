import type { ChildProcess } from 'node:child_process'

export interface StackProcess {
  name: string
  child: ChildProcess
  /** Every line it printed so far (JSON log lines for the app processes). */
  lines: string[]
  exited: Promise<number | string | null>
}

export interface Stack {
  /** nginx, in front of both processes. */
  url: string
  /** The app processes' own addresses, as nginx's X-Upstream header names them. */
  upstreams: string[]
  processes: StackProcess[]
  nginx: StackProcess
  dir: string
  stop(): Promise<void>
  /**
   * Kills app process `name` ('a' or 'b') with `signal` (default SIGKILL), runs `beforeStart`
   * once it is gone, then starts it again with the same port and environment until ready.
   */
  restart(name: string, signal?: NodeJS.Signals, beforeStart?: () => Promise<void>): Promise<StackProcess>
}

export function freePort(): Promise<number>

export function startStack(options: {
  databaseUrl: string
  redisUrl: string
  port?: number
  app: { command: string; args: string[] }
  env?: Record<string, string>
  onLine?: (process: string, line: string) => void
}): Promise<Stack>
