import { HttpTransportType } from '@microsoft/signalr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HubEvent } from '@contract/hub'
import { connectAs, eventOf } from '../../tests/helpers/live-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { DatabaseHandle } from '../db/client'

const TOKEN = 'scrape-token-0123456789abcdef'
let database: DatabaseHandle
let withToken: TestApp
let withoutToken: TestApp

beforeAll(async () => {
  database = await createTestDatabase()
  withToken = await createTestApp({ database, env: { METRICS_TOKEN: TOKEN } })
  withoutToken = await createTestApp({ database })
})
afterAll(async () => {
  // The SignalR client may keep a socket open after long polling (see live-app.ts).
  const closing = withToken?.close()
  withToken?.app.server.closeAllConnections()
  await closing
  await withoutToken?.close()
  await database?.close()
})

const scrape = (test: TestApp, authorization?: string) =>
  test.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  })

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, even for a bearer', async () => {
    expect((await scrape(withoutToken)).statusCode).toBe(404)
    expect((await scrape(withoutToken, `Bearer ${TOKEN}`)).statusCode).toBe(404)
  })

  it('refuses a scrape without the token or with another one', async () => {
    const missing = await scrape(withToken)
    expect(missing.statusCode).toBe(401)
    expect(missing.headers['www-authenticate']).toContain('Bearer')
    expect((await scrape(withToken, 'Bearer not-the-operators-token')).statusCode).toBe(401)
    expect((await scrape(withToken, TOKEN)).statusCode).toBe(401)
    expect(missing.body).not.toContain('http_request_duration_seconds')
  })

  it('answers Prometheus text: request durations by route pattern, hub, jobs, events, batches', async () => {
    const { app } = withToken
    await app.inject({ method: 'GET', url: '/healthz' })
    await app.inject({
      method: 'GET',
      url: '/api/v1/intentions/0192b1e6-0000-7000-8000-000000000000',
    })
    await app.metrics.trackJob('weekly-summary', async () => true)
    await expect(
      app.metrics.trackJob('weekly-summary', () => Promise.reject(new Error('mail down'))),
    ).rejects.toThrow('mail down')
    app.metrics.eventDispatched(0.2)
    app.metrics.parkedEvents(3)
    app.metrics.batchSize('sync', 12)

    const response = await scrape(withToken, `Bearer ${TOKEN}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    const text = response.body
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\} 1/,
    )
    // The pattern, not the id: one series however many intentions are read.
    expect(text).toContain('route="/api/v1/intentions/:id"')
    expect(text).not.toContain('0192b1e6-0000-7000-8000-000000000000')
    expect(text).toContain('hub_connections{transport="WebSockets"} 0')
    expect(text).toContain('hub_connections{transport="LongPolling"} 0')
    expect(text).toContain('hub_messages_sent_total 0')
    expect(text).toContain('job_runs_total{job="weekly-summary",outcome="success"} 1')
    expect(text).toContain('job_runs_total{job="weekly-summary",outcome="failure"} 1')
    expect(text).toContain('event_dispatch_lag_seconds_count 1')
    expect(text).toContain('events_parked 3')
    // Nothing was written, so no event waits for a subscriber.
    expect(text).toContain('event_dispatch_backlog_seconds 0')
    expect(text).toContain('sync_batch_entries_sum{kind="sync"} 12')
    expect(text).toContain('process_resident_memory_bytes')
    expect(text).toContain('db_pool_busy_total 0')
    if (database.driver === 'postgres')
      expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/)
  })

  it('counts hub connections by transport and the events sent to them', async () => {
    const { app } = withToken
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const user = await createUser(withToken.db)
    const connection = connectAs(
      `http://127.0.0.1:${port}`,
      await signIn(app, user),
      HttpTransportType.LongPolling,
    )
    await connection.start()
    try {
      const connected = await scrape(withToken, `Bearer ${TOKEN}`)
      expect(connected.body).toContain('hub_connections{transport="LongPolling"} 1')
      const heard = eventOf(connection, HubEvent.UnreadCountUpdate)
      await app.hub.sendToUser(user.id, HubEvent.UnreadCountUpdate, [{ unreadCount: 1 }])
      await heard
      const sent = await scrape(withToken, `Bearer ${TOKEN}`)
      expect(sent.body).toContain('hub_messages_sent_total 1')
    } finally {
      await connection.stop()
    }
  })
})
