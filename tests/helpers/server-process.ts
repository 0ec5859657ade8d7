import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { freePort } from '../../scripts/stack/start-stack.mjs'

// The real entry point as an operator runs it (server/main.ts through tsx, no build), for the
// operations tests: shutdown under load, the multi-process stack, the restore drill.

export interface ServerProcess {
  child: ChildProcess
  port: number
  url: string
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string | null>
  ready(): Promise<void>
  output(): string
}

const running = new Set<ChildProcess>()

/** SIGKILLs whatever a test left running (call it in afterAll). */
export function killServers() {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  running.clear()
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child)
      resolve(code ?? signal)
    }),
  )
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes('"msg":"ready in') && resolve()
      check()
      child.stdout?.on('data', check)
      void exited.then(() => reject(new Error(`server exited before ready:\n${output}`)))
    })
  return { child, port, url: `http://127.0.0.1:${port}`, exited, ready, output: () => output }
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** An empty PostgreSQL database with a unique name on TEST_DATABASE_URL's server. */
export async function createEmptyDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  await admin(adminUrl, (client) => client.query(`create database "${name}"`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)),
  }
}
