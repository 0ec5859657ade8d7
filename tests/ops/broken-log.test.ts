import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../../server/db/client'
import { freePort, startServer, type ChildServer } from '../../server/events/testing/child-server'

// Issue 44: a server whose standard output's reader is gone (a parent that sent SIGTERM and
// exited, `npm start | tee log` ended by Ctrl-C) spun on its shutdown log line and never
// exited. Logging to a closed or stalled pipe must block neither serving nor shutdown: the
// lines are dropped and counted in /metrics.

const METRICS_TOKEN = 'broken-log-metrics-token'
const children: ChildServer[] = []
const dirs: string[] = []
afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function server() {
  const dataDir = mkdtempSync(join(tmpdir(), 'broken-log-'))
  dirs.push(dataDir)
  // Migrated before the child opens it, as the other process-level tests do.
  const database = await createDatabase({ databaseUrl: null, dataDir })
  await database.migrate()
  await database.close()
  const started = startServer(await freePort(), { DATA_DIR: dataDir, METRICS_TOKEN })
  children.push(started)
  await started.ready
  return started
}

const dropped = async (url: string) => {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const text = await response.text()
  return Number(/^log_lines_dropped_total (\S+)$/m.exec(text)?.[1] ?? Number.NaN)
}

/** Requests that each log a line, answered one after the other. */
async function busy(url: string, requests: number) {
  for (let index = 0; index < requests; index += 1)
    expect((await fetch(`${url}/api/v1/no-such-route-${index}`)).status).toBe(404)
}

async function exitsPromptly(started: ChildServer) {
  const signalled = Date.now()
  started.child.kill('SIGTERM')
  expect(await started.exited).toBe(0)
  return Date.now() - signalled
}

describe('a server whose log cannot be written', () => {
  it('serves on and exits promptly on SIGTERM once its stdout is closed', async () => {
    const started = await server()
    started.child.stdout?.destroy()
    await busy(started.url, 20)
    expect((await fetch(`${started.url}/healthz`)).status).toBe(200)
    expect(await dropped(started.url)).toBeGreaterThan(0)
    expect(await exitsPromptly(started)).toBeLessThan(5_000)
  }, 90_000)

  it('serves on and exits promptly on SIGTERM while its stdout is never read', async () => {
    const started = await server()
    // Nobody reads: the pipe fills (64 KiB) after a few hundred request lines.
    started.child.stdout?.removeAllListeners('data')
    started.child.stdout?.pause()
    const begun = Date.now()
    await busy(started.url, 600)
    expect(Date.now() - begun).toBeLessThan(30_000)
    expect(await dropped(started.url)).toBeGreaterThan(0)
    expect(await exitsPromptly(started)).toBeLessThan(5_000)
  }, 90_000)
})
