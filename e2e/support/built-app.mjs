// Starts the BUILT app (dist/server/main.js, never a rebuild) the way production runs it,
// on a free port with a throwaway DATA_DIR. Plain .mjs so both the Playwright global setup
// and `npm run bench:lighthouse` (plain node) share it.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
// Generous: a fresh embedded database's start-up and migrations took 43-49 s on this 2-core box
// while CI's other stages ran beside it (the code of stop 52 as slow as today's), and the
// bundle stage's app missed a 60 s limit.
const READY_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 10_000

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {{ logFile: string, env?: Record<string, string> }} options */
export async function startBuiltApp({ logFile, env = {} }) {
  const main = join(root, 'dist/server/main.js')
  for (const file of [main, join(root, 'dist/client/index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`)
  }

  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const dataDir = await mkdtemp(join(tmpdir(), 'prayer-app-'))
  mkdirSync(dirname(logFile), { recursive: true })
  const log = createWriteStream(logFile)

  // The machine's own DATABASE_URL / REDIS_URL / SMTP_URL must not leak in: every run starts
  // from an empty embedded database and the dev mailbox.
  const { DATABASE_URL: _db, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      PUBLIC_URL: baseURL,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The last lines go into the error when the app does not come up, so CI logs say why.
  let tail = ''
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false })
    stream.on('data', (chunk) => {
      tail = (tail + chunk).split('\n').slice(-25).join('\n')
    })
  }
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )

  const cleanUp = async () => {
    log.end()
    await rm(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  let ready = false
  while (!ready && Date.now() < deadline) {
    const early = await Promise.race([exited, sleep(150).then(() => null)])
    if (early) {
      await cleanUp()
      throw new Error(
        `The app exited before it was ready (${JSON.stringify(early)}); see ${logFile}:\n${tail}`,
      )
    }
    ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  }
  if (!ready) {
    child.kill('SIGKILL')
    await cleanUp()
    throw new Error(
      `The app did not answer /readyz within ${READY_TIMEOUT_MS} ms; see ${logFile}:\n${tail}`,
    )
  }

  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const stopped = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => null)])
        if (!stopped) {
          child.kill('SIGKILL')
          await exited
        }
      }
      await cleanUp()
    },
  }
}
