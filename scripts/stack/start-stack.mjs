// Two app processes on one PostgreSQL and one Redis behind Debian's nginx on one port: the
// multi-process set-up of docs/operations.md on one machine (`npm run stack`, tests/ops/).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import webPush from 'web-push'
import { nginxConfig } from './nginx-config.mjs'

const NGINX =
  process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync) ?? 'nginx'

// The apps trust nginx as compose.yaml tells them to, so the stack (and its test) runs the
// shipped proxy set-up: a forged X-Forwarded-For must fail here as it would there (issue 37).
function composeTrustProxy() {
  const compose = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8')
  const value = /^\s+TRUST_PROXY:\s*"?([^"\s#]+)"?\s*$/m.exec(compose)?.[1]
  if (!value) throw new Error('compose.yaml sets no TRUST_PROXY for the apps')
  return value
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

function watch(name, child, onLine) {
  const lines = []
  let pending = ''
  const take = (chunk) => {
    pending += chunk
    const parts = pending.split('\n')
    pending = parts.pop() ?? ''
    for (const line of parts) {
      lines.push(line)
      onLine(name, line)
    }
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  )
  return { name, child, lines, exited }
}

function until(condition, what, timeoutMs, exited) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what}: not within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const check = async () => {
      if (await condition()) {
        clearTimeout(timer)
        resolve()
      } else setTimeout(check, 100)
    }
    void exited?.then((code) => reject(new Error(`${what}: exited first (${code})`)))
    void check()
  })
}

/**
 * @param {{
 *   databaseUrl: string, redisUrl: string, port?: number,
 *   app: { command: string, args: string[] },
 *   env?: Record<string, string>,
 *   onLine?: (process: string, line: string) => void,
 * }} options
 */
export async function startStack({
  databaseUrl,
  redisUrl,
  port,
  app,
  env = {},
  onLine = () => {},
}) {
  const dir = mkdtempSync(join(tmpdir(), 'stack-'))
  const proxyPort = port ?? (await freePort())
  // One key pair for every process: a browser's push subscription belongs to one public key.
  const vapid = webPush.generateVAPIDKeys()
  const started = []
  const stop = async () => {
    for (const { child } of started)
      if (child.exitCode === null && child.signalCode === null)
        child.kill(child === started.nginx?.child ? 'SIGQUIT' : 'SIGTERM')
    await Promise.all(started.map(({ exited }) => exited))
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const upstreams = []
    const spawned = new Map()
    // One after the other: the second waits for nothing, but two first starts on an empty
    // database would only queue on the migration lock.
    for (const name of ['a', 'b']) {
      const appPort = await freePort()
      const dataDir = join(dir, name)
      mkdirSync(dataDir)
      const launch = () => spawn(app.command, app.args, {
        env: {
          PATH: process.env.PATH,
          LOG_LEVEL: 'info',
          PUBLIC_URL: `http://localhost:${proxyPort}`,
          ...env,
          HOST: '127.0.0.1',
          PORT: String(appPort),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          TRUST_PROXY: composeTrustProxy(),
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const proc = watch(name, launch(), onLine)
      spawned.set(name, { launch, proc })
      started.push(proc)
      await until(
        () => proc.lines.some((line) => line.includes('"msg":"ready in')),
        `process ${name}`,
        120_000,
        proc.exited,
      )
      upstreams.push(`127.0.0.1:${appPort}`)
    }

    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(join(dir, temp))
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ dir, port: proxyPort, upstreams }))
    const nginx = watch(
      'nginx',
      spawn(NGINX, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      onLine,
    )
    started.push(nginx)
    started.nginx = nginx
    const url = `http://127.0.0.1:${proxyPort}`
    await until(
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      'nginx',
      20_000,
      nginx.exited,
    )
    /** Kills app process `name` (kill -9 by default), starts it again on its port (bench:chaos). */
    const restart = async (name, signal = 'SIGKILL', beforeStart = async () => {}) => {
      const entry = spawned.get(name)
      entry.proc.child.kill(signal)
      await entry.proc.exited
      await beforeStart()
      const proc = watch(name, entry.launch(), onLine)
      started[started.indexOf(entry.proc)] = proc
      entry.proc = proc
      await until(
        () => proc.lines.some((line) => line.includes('"msg":"ready in')),
        `process ${name} again`,
        120_000,
        proc.exited,
      )
      return proc
    }
    return { url, upstreams, processes: started.slice(0, 2), nginx, dir, stop, restart }
  } catch (error) {
    await stop()
    throw error
  }
}
