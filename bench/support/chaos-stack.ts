// bench:chaos on the stack (two processes, nginx, PostgreSQL, Redis): simulated members while
// a process is killed, Redis is stopped, then PostgreSQL is stopped, one at a time.
import { startStack, type Stack } from '../../scripts/stack/start-stack.mjs'
import { createDatabase } from '../../server/db/client'
import { createUser, sessionCookie } from '../../tests/helpers/users'
import { intentionInput } from '../../tests/helpers/wall'
import {
  hubFor,
  keptAndDoubled,
  missedLiveEvents,
  probe,
  untilReady,
  watchAll,
} from './chaos-checks'
import { Load, percentile, sleep, type Member } from './chaos-load'
import {
  expectZero,
  FAULT_MS,
  fiveHundreds,
  mainJs,
  MEMBERS,
  memberWith,
  METRICS_TOKEN,
  say,
  SETTLE_MS,
} from './chaos-report'
import { scratchPostgres, scratchRedis } from './chaos-services'

/** The stack's faults named in `faults` (kill, redis, postgres), in that order. */
export async function stackFaults(faults: readonly string[]) {
  const postgres = await scratchPostgres()
  const redis = await scratchRedis()
  const logs: Record<string, string[]> = { a: [], b: [] }
  let stack: Stack | null = null
  try {
    stack = await startStack({
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      app: { command: process.execPath, args: ['--enable-source-maps', mainJs] },
      env: { APP_ENV: 'development', LOG_LEVEL: 'info', METRICS_TOKEN },
      onLine: (name, line) => logs[name]?.push(line),
    })
    const database = await createDatabase({ databaseUrl: postgres.url, dataDir: '' })
    const members: Member[] = []
    for (let index = 0; index < MEMBERS; index += 1) {
      const user = await createUser(database.db)
      members.push(
        memberWith((await sessionCookie(database.db, user.id, 'chaos')).cookie, {
          transport: index % 3 === 2 ? 'LongPolling' : 'WebSockets',
          sync: index % 6 === 5,
        }),
      )
    }
    const upstreamOf = async (member: Member) =>
      (
        await fetch(`${stack!.url}/api/v1/users/me`, { headers: { cookie: member.cookie } })
      ).headers.get('x-upstream')
    const homes = await Promise.all(members.map(upstreamOf))
    const intentions: string[] = []
    for (const member of members.slice(0, 4)) {
      const created = await fetch(`${stack.url}/api/v1/intentions`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(intentionInput()),
      })
      intentions.push(((await created.json()) as { intention_id: string }).intention_id)
    }
    for (const member of members) {
      member.hub = hubFor(stack.url, member)
      await member.hub.start()
      member.hub.onreconnected(() => void watchAll(member, intentions))
      await watchAll(member, intentions)
    }
    const load = new Load(stack.url, members, intentions)
    const loops = members.map((member) => load.member(member))
    say(
      `stack: ${MEMBERS} members (${members.filter((m) => m.transport === 'LongPolling').length} long polling, ${members.filter((m) => m.sync).length} syncing), process a ${homes.filter((h) => h === stack!.upstreams[0]).length}, b ${homes.filter((h) => h === stack!.upstreams[1]).length}`,
    )
    await sleep(5_000)

    const onA = members.find((_member, index) => homes[index] === stack!.upstreams[0])!
    const onB = members.find((_member, index) => homes[index] === stack!.upstreams[1])!

    async function fault(
      name: string,
      inject: () => Promise<void>,
      heal: () => Promise<void>,
      watch: { survivor?: string; logs: RegExp; holdMs?: number },
    ) {
      for (const member of members) member.reconnects.length = 0
      const logCount = () =>
        Object.values(logs)
          .flat()
          .filter((line) => watch.logs.test(line)).length
      const logsBefore = logCount()
      const probing = { running: true }
      const survivorProbe = watch.survivor
        ? probe(
            watch.survivor,
            (watch.survivor === stack!.upstreams[0] ? onA : onB).cookie,
            probing,
          )
        : null
      load.phase = 'during'
      const began = performance.now()
      await inject()
      await sleep(watch.holdMs ?? FAULT_MS)
      await heal()
      const healedAt = performance.now()
      load.phase = 'after'
      const ready = await Promise.all(
        stack!.upstreams.map((upstream) => untilReady(`http://${upstream}`)),
      )
      probing.running = false
      const survivor = await survivorProbe
      await sleep(SETTLE_MS)
      const live = await missedLiveEvents(load, members, onA, intentions[0]!)
      const reconnects = members.flatMap((member) => member.reconnects)
      say(`\n${name}`)
      say(`  requests during: ${load.figures('during')}`)
      say(`  requests after:  ${load.figures('after')}`)
      say(
        `  hub clients reconnected: ${reconnects.length}, p50 ${percentile(reconnects, 50).toFixed(0)} ms, p99 ${percentile(reconnects, 99).toFixed(0)} ms`,
      )
      say(
        `  live events missed across processes after recovery: ${live.missed} of ${live.connected} connected clients`,
      )
      say(
        `  /readyz ready again after the service came back: ${ready.map((ms, i) => `${'ab'[i]} ${ms.toFixed(0)} ms`).join(', ')} (fault began ${((healedAt - began) / 1000).toFixed(1)} s before it came back)`,
      )
      if (survivor)
        say(
          `  the process that stayed up: ${survivor.failures} of ${survivor.total} direct requests failed`,
        )
      say(`  log lines about it: ${logCount() - logsBefore}`)
      expectZero(`${name}: 500s`, fiveHundreds(load, 'during') + fiveHundreds(load, 'after'))
      expectZero(`${name}: live events missed after recovery`, live.missed)
      if (survivor) expectZero(`${name}: failures on the process that stayed up`, survivor.failures)
      load.outcomes = load.outcomes.filter((outcome) => outcome.phase === 'before')
      load.phase = 'before'
    }

    if (faults.includes('kill'))
      await fault(
        'kill -9 of process a, then restarted',
        async () =>
          void (await stack!.restart('a', 'SIGKILL', async () => void (await sleep(FAULT_MS)))),
        async () => {},
        { survivor: stack.upstreams[1], logs: /"level":50/, holdMs: 0 },
      )
    if (faults.includes('redis'))
      await fault(
        'Redis stopped, then started',
        () => redis.stop(),
        () => redis.start(),
        {
          logs: /backplane|rate-limit redis/,
        },
      )
    if (faults.includes('postgres'))
      await fault(
        'PostgreSQL stopped (fast), then started',
        () => postgres.stop(),
        () => postgres.start(),
        {
          logs: /database unavailable|event fan-out failed|request failed/,
        },
      )

    load.running = false
    await Promise.all(loops)
    for (const member of members) await member.hub?.stop()
    const kept = await keptAndDoubled(database, load.acknowledged)
    say(
      `\nacknowledged comments: ${kept.acknowledged}; lost: ${kept.lost}; applied twice: ${kept.twice}`,
    )
    expectZero('acknowledged writes lost', kept.lost)
    expectZero('writes applied twice', kept.twice)
    await database.close()
  } finally {
    await stack?.stop()
    await redis.remove()
    await postgres.remove()
  }
}
