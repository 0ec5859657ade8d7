import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { InvalidEnvironmentError, loadConfig, type Config } from './config'
import { createDatabase } from './db/client'
import { createLogger } from './plugins/logger'
import { exitOnDatabaseFault, shutDown } from './shutdown'

// Only starts and stops; everything else is in app.ts so tests build the same server.

function readConfig(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error
    // An operator's mistake, not a crash: one clear line per variable, no stack trace.
    for (const line of error.lines) process.stderr.write(`${line}\n`)
    process.exit(1)
  }
}

// The built client sits beside the bundle (dist/server -> dist/client) or, from source, in dist/.
function findClientDir() {
  const candidates = ['../client', '../dist/client'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  )
  return candidates.find((dir) => existsSync(`${dir}/index.html`)) ?? null
}

const config = readConfig()
const logger = createLogger(config.logLevel)

async function startOrExit<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    // Unreachable database, failed migration, port in use: say which step, then stop.
    logger.fatal({ err }, `could not start: ${step} failed`)
    process.exit(1)
  }
}

const database = await startOrExit('opening the database', () => createDatabase(config))
await startOrExit('applying migrations', () => database.migrate())
const app = await buildApp({ config, database, logger, clientDir: findClientDir() })

// A faulted embedded database stops the process, to be restarted (docs/operations.md).
exitOnDatabaseFault({ app, database, logger })

// The backstop: whatever hangs, the process is gone within 10 s of the signal (issue 23).
closeWithGrace({ delay: 9_500, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an unexpected error')
  else logger.info({ signal }, 'shutting down')
  await shutDown({ app, database, drainMs: config.shutdownDrainMs, logger })
})

await startOrExit(`listening on ${config.host}:${config.port}`, () =>
  app.listen({ port: config.port, host: config.host }),
)
await startOrExit('checking the database', () => database.ping())
// Issue 2 asks for the cold start in the log: process start (timeOrigin) to ready-to-serve.
logger.info(
  { url: config.publicUrl, database: database.driver, role: config.serverRole },
  `ready in ${Math.round(performance.now())} ms`,
)
