// bench:chaos's checks (bench/chaos.run.ts): a member's hub connection and the live events it
// misses, readiness, a process probed straight, and the acknowledged writes kept and doubled.
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from '@microsoft/signalr'
import { inArray, like } from 'drizzle-orm'
import { HubEvent, HubMethod } from '../../contract/hub'
import { commentsTable } from '../../server/comments/comments.table'
import type { DatabaseHandle } from '../../server/db/client'
import { sleep, type Load, type Member } from './chaos-load'

export function hubFor(url: string, member: Member) {
  const transport =
    member.transport === 'WebSockets' ? HttpTransportType.WebSockets : HttpTransportType.LongPolling
  // The app's own reconnect delays (src/app/hub-wiring.ts), then every 2 s.
  const delays = [0, 2_000, 10_000, 30_000]
  const connection = new HubConnectionBuilder()
    .withUrl(`${url}/hub/notifications`, { transport, headers: { Cookie: member.cookie } })
    .withAutomaticReconnect({
      nextRetryDelayInMilliseconds: (retry) => delays[retry.previousRetryCount] ?? 2_000,
    })
    .configureLogging(LogLevel.None)
    .build()
  let lostAt = 0
  connection.onreconnecting(() => (lostAt = performance.now()))
  connection.onreconnected(() => member.reconnects.push(performance.now() - lostAt))
  connection.on(HubEvent.CounterUpdate, (event: { intentionId: string }) =>
    member.counters.set(event.intentionId, (member.counters.get(event.intentionId) ?? 0) + 1),
  )
  return connection
}

export async function watchAll(member: Member, intentions: string[]) {
  if (member.hub?.state === HubConnectionState.Connected)
    await member.hub.invoke(HubMethod.WatchIntentions, intentions).catch(() => {})
}

/** Clients connected now that do not hear a prayer on `intention` within 5 s. */
export async function missedLiveEvents(
  load: Load,
  members: Member[],
  writer: Member,
  intention: string,
) {
  for (const member of members) await watchAll(member, [intention])
  const connected = members.filter((member) => member.hub?.state === HubConnectionState.Connected)
  const before = new Map(connected.map((member) => [member, member.counters.get(intention) ?? 0]))
  // A comment always moves the count (a second prayer by the same member would not).
  await fetch(`${load.url}/api/v1/intentions/${intention}/comments`, {
    method: 'POST',
    headers: { cookie: writer.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content: `chaos probe ${Date.now()}` }),
  })
  await sleep(5_000)
  return {
    connected: connected.length,
    missed: connected.filter(
      (member) => (member.counters.get(intention) ?? 0) <= before.get(member)!,
    ).length,
  }
}

export async function untilReady(url: string, limitMs = 60_000) {
  const started = performance.now()
  while (performance.now() - started < limitMs) {
    const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return performance.now() - started
    await sleep(100)
  }
  return Number.NaN
}

/** A member's GET straight to one process, every 200 ms while `running`: its failures. */
export async function probe(upstream: string, cookie: string, state: { running: boolean }) {
  let failures = 0
  let total = 0
  while (state.running) {
    total += 1
    const ok = await fetch(`http://${upstream}/api/v1/intentions?limit=5`, {
      headers: { cookie },
      signal: AbortSignal.timeout(5_000),
    }).then(
      (response) => response.ok,
      () => false,
    )
    if (!ok) failures += 1
    await sleep(200)
  }
  return { failures, total }
}

export async function keptAndDoubled(database: DatabaseHandle, acknowledged: Set<string>) {
  const markers = [...acknowledged]
  const rows: { content: string }[] = []
  for (let from = 0; from < markers.length; from += 500)
    rows.push(
      ...(await database.db
        .select({ content: commentsTable.content })
        .from(commentsTable)
        .where(inArray(commentsTable.content, markers.slice(from, from + 500)))),
    )
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.content, (counts.get(row.content) ?? 0) + 1)
  const all = await database.db
    .select({ content: commentsTable.content })
    .from(commentsTable)
    .where(like(commentsTable.content, 'chaos marker %'))
  const allCounts = new Map<string, number>()
  for (const row of all) allCounts.set(row.content, (allCounts.get(row.content) ?? 0) + 1)
  return {
    acknowledged: markers.length,
    lost: markers.filter((marker) => !counts.has(marker)).length,
    twice: [...allCounts.values()].filter((count) => count > 1).length,
  }
}
