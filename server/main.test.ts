import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The real entry point as an operator runs it, in a child process (tsx, so no build is needed).
const dataDirs: string[] = []
const children: ChildProcess[] = []

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: 'tsconfig.node.json', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', () => stdout.includes('ready in') && resolve())
      void exited.then(() => reject(new Error(`server exited before ready:\n${stdout}\n${stderr}`)))
    })
  return { child, exited, ready, output: () => ({ stdout, stderr }) }
}

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

describe('server/main.ts', () => {
  it('finishes an in-flight request on SIGTERM, logs its cold start, then exits 0', async () => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'))
    dataDirs.push(dataDir)
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir })
    await server.ready()
    expect(server.output().stdout).toMatch(/"msg":"ready in \d+ ms"/)

    // A request whose body is still uploading when the signal arrives.
    const socket = connect(port, '127.0.0.1')
    let response = ''
    socket.on('data', (chunk) => (response += chunk))
    const body = JSON.stringify({ title: 'Please pray for my mother' })
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /api/v1/slow HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(server.child.exitCode).toBeNull()
    expect(response).toBe('')
    socket.end(body.slice(10))
    await new Promise((resolve) => socket.once('close', resolve))

    expect(response).toMatch(/^HTTP\/1\.1 404/)
    expect(response).toContain('"title":"not_found"')
    expect(await server.exited).toBe(0)
  }, 120_000)

  it('refuses a bad environment with one line per variable and exit code 1', async () => {
    const server = start({ PORT: 'abc', APP_ENV: 'prod' })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr.trim().split('\n')).toEqual([
      'Invalid environment: PORT must be an integer between 1 and 65535 (got "abc")',
      'Invalid environment: APP_ENV must be one of development, test, production (got "prod")',
    ])
  }, 60_000)
})
