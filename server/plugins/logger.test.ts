import { createServer, type Server, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app'
import { createInProcessBackplane } from '../realtime/backplane'
import type { DatabaseHandle } from '../db/client'
import { testConfig } from '../../tests/helpers/test-config'
import { createTestDatabase } from '../../tests/helpers/test-db'
import { createLogger } from './logger'

const PASSWORD = 's3cret-from-the-url'

function collectingLogger() {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'))
      done()
    },
  })
  return { logger: createLogger('warn', sink), lines }
}

// A Redis that refuses the URL's credentials, as one does after its password was changed.
function refusingRedis() {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // One refusal per command: ioredis sends its HELLO (with AUTH) and CLIENT SETINFO together.
    socket.on('data', (chunk) => {
      for (const _command of String(chunk).match(/^\*\d+\r$/gm) ?? []) {
        socket.write('-WRONGPASS invalid username-password pair or user is disabled.\r\n')
      }
    })
  })
  return new Promise<{ server: Server; port: number; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        close: () => {
          for (const socket of sockets) socket.destroy()
          return new Promise((done) => server.close(() => done()))
        },
      })
    }),
  )
}

describe('the log (issue 37)', () => {
  let redis: Awaited<ReturnType<typeof refusingRedis>>
  let database: DatabaseHandle
  let app: App | undefined

  beforeAll(async () => {
    redis = await refusingRedis()
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await app?.close()
    await redis.close()
    await database.close()
  })

  it('says why Redis refused the connection without REDIS_URL’s password', async () => {
    const { logger, lines } = collectingLogger()
    const redisUrl = `redis://app:${PASSWORD}@127.0.0.1:${redis.port}`
    // The rate limiter's Redis client is the one under test: the hub's Redis backplane (same
    // logger) would hold close() until its waiting subscription gives up.
    const backplane = createInProcessBackplane()
    app = await buildApp({
      config: testConfig({ REDIS_URL: redisUrl }),
      database,
      logger,
      backplane,
    })
    await app.ready()
    await expect
      .poll(() => lines.join('\n'), { timeout: 10_000 })
      .toContain('rate-limit redis error')
    const refusals = lines.map((line) => JSON.parse(line)).filter((line) => line.err)
    expect(refusals[0].err.message).toMatch(/^WRONGPASS/)
    expect(refusals[0].err.command).toEqual({ name: 'hello' })
    expect(lines.join('\n')).not.toContain(PASSWORD)
  })

  it('hides the password of a connection URL an error quotes', () => {
    const { logger, lines } = collectingLogger()
    // Node's URL parser puts the whole text on the error it throws (`input`).
    const smtpUrl = `smtp://mailer:${PASSWORD}@mail example.org`
    let refused: unknown
    try {
      createTransport(smtpUrl)
    } catch (error) {
      refused = error
    }
    logger.error({ err: refused }, 'could not start the mailer')
    logger.error(
      { err: new Error(`no answer from postgres://app:${PASSWORD}@db:5432/prayer`) },
      'x',
    )
    expect(lines.join('\n')).toContain('smtp://mailer:***@mail example.org')
    expect(lines.join('\n')).toContain('postgres://app:***@db:5432/prayer')
    expect(lines.join('\n')).not.toContain(PASSWORD)
  })
})
