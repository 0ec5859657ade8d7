import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

// The real entry point in a child process (tsx, no build), as server/main.test.ts runs it.

export interface ChildServer {
  child: ChildProcess
  url: string
  ready: Promise<void>
  exited: Promise<number | null>
  output(): string
}

export function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export function startServer(port: number, env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => output.includes('ready in') && resolve())
    void exited.then(() => reject(new Error(`server exited before ready:\n${output}`)))
  })
  return { child, url: `http://127.0.0.1:${port}`, ready, exited, output: () => output }
}
