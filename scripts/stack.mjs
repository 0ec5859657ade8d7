// `npm run stack`: two app processes on PostgreSQL and Redis behind nginx on one port
// (docs/operations.md). Needs DATABASE_URL and REDIS_URL (defaults: the local services) and
// Debian's nginx (`apt-get install nginx`); the system nginx service is not used.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfNeeded } from './build-if-needed.mjs'
import { startStack } from './stack/start-stack.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
if (!buildIfNeeded(root)) process.exit(1)

const stack = await startStack({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  port: Number(process.env.PORT ?? 8080),
  app: {
    command: process.execPath,
    args: ['--enable-source-maps', join(root, 'dist/server/main.js')],
  },
  env: {
    APP_ENV: process.env.APP_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
  onLine: (name, line) => console.log(`[${name}] ${line}`),
})
console.log(`stack: http://localhost:${new URL(stack.url).port} -> ${stack.upstreams.join(', ')} (nginx config in ${stack.dir})`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    void stack.stop().then(() => process.exit(0))
  })
