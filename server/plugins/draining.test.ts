import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'

let test: TestApp
let release: () => void = () => {}
const held = new Promise<void>((resolve) => (release = resolve))
let started = false

beforeAll(async () => {
  test = await createTestApp({
    extend: (app) => {
      app.get('/slow', { config: { public: true } }, async () => {
        started = true
        await held
        return { done: true }
      })
    },
  })
  await test.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  release()
  await test?.close()
})

describe('shutting down', () => {
  it('finishes the running request and answers one that arrives after the signal 503 with Retry-After', async () => {
    const { port } = test.app.server.address() as { port: number }
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk))
    const ended = new Promise((resolve) => socket.on('close', resolve))
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await expect.poll(() => started).toBe(true)
    // A second client whose request is still arriving when the signal comes.
    const late = connect(port, '127.0.0.1')
    let lateReceived = ''
    late.on('data', (chunk) => (lateReceived += chunk))
    const lateEnded = new Promise((resolve) => late.on('close', resolve))
    await new Promise((resolve) => late.once('connect', resolve))
    late.write('GET /healthz HTTP/1.1\r\nHost: local')

    const closing = test.app.close()
    // The server stops listening once the pre-close hooks ran: draining has begun.
    await expect.poll(() => test.app.server.listening).toBe(false)
    late.write('host\r\n\r\n')
    await lateEnded
    release()
    await ended
    await closing

    expect(received).toMatch(/^HTTP\/1\.1 200/)
    expect(received).toContain('{"done":true}')
    // Its connection closes after the answer, so the client does not wait on it.
    expect(received).toMatch(/connection: close/i)
    expect(lateReceived).toMatch(/^HTTP\/1\.1 503/)
    expect(lateReceived).toMatch(/retry-after: \d+/i)
    expect(lateReceived).toMatch(/connection: close/i)
    expect(lateReceived).toContain('"title":"not_ready"')
  })
})
