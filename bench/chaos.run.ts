// bench:chaos, the measuring side (a child of bench/chaos.mjs): simulated members through nginx
// while one fault at a time is injected; see bench/chaos.mjs for what it prints.
import { execSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack, type Stack } from '../scripts/stack/start-stack.mjs'
import { createSession } from '../server/auth/sessions'
import { createDatabase } from '../server/db/client'
import { createUser } from '../tests/helpers/users'
import { intentionInput } from '../tests/helpers/wall'
import {
  hubFor,
  keptAndDoubled,
  missedLiveEvents,
  probe,
  untilReady,
  watchAll,
} from './support/chaos-checks'
import { Load, percentile, sleep, type Member, type Phase } from './support/chaos-load'
import { scratchPostgres, scratchRedis } from './support/chaos-services'

const MEMBERS = Number(process.env.CHAOS_MEMBERS ?? 24)
const FAULT_MS = Number(process.env.CHAOS_FAULT_SECONDS ?? 10) * 1000
const SETTLE_MS = Number(process.env.CHAOS_SETTLE_SECONDS ?? 10) * 1000
const FAULTS = (process.env.CHAOS_FAULTS ?? 'kill,redis,postgres,disk').split(',')
const METRICS_TOKEN = 'chaos-metrics-token'
const root = new URL('..', import.meta.url).pathname
const mainJs = join(root, 'dist/server/main.js')

// CHAOS_CHECK=1 (the CI stage): the promises that are not timings must hold, or the run fails.
const violations: string[] = []
const expectZero = (what: string, count: number) => {
  if (count !== 0) violations.push(`${what}: ${count}`)
}
const fiveHundreds = (load: Load, phase: Phase) =>
  load.outcomes.filter((outcome) => outcome.phase === phase && outcome.status === 500).length

const report: string[] = []
const say = (line: string) => {
  report.push(line)
  console.log(line)
}

async function stackFaults() {
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
      const session = await createSession(database.db, {
        userId: user.id,
        persistent: true,
        userAgent: 'chaos',
        now: new Date(),
      })
      members.push({
        cookie: `session=${session.token}`,
        hub: null,
        transport: index % 3 === 2 ? 'LongPolling' : 'WebSockets',
        reconnects: [],
        counters: new Map(),
        sync: index % 6 === 5,
      })
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

    if (FAULTS.includes('kill'))
      await fault(
        'kill -9 of process a, then restarted',
        async () =>
          void (await stack!.restart('a', 'SIGKILL', async () => void (await sleep(FAULT_MS)))),
        async () => {},
        { survivor: stack.upstreams[1], logs: /"level":50/, holdMs: 0 },
      )
    if (FAULTS.includes('redis'))
      await fault(
        'Redis stopped, then started',
        () => redis.stop(),
        () => redis.start(),
        {
          logs: /backplane|rate-limit redis/,
        },
      )
    if (FAULTS.includes('postgres'))
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

/** The embedded database alone (one process), its data directory on a small filesystem. */
async function diskFault() {
  const mount = mkdtempSync(join(tmpdir(), 'chaos-disk-'))
  try {
    execSync(`mount -t tmpfs -o size=200m tmpfs ${mount}`, { stdio: 'ignore' })
  } catch {
    say('\nfull disk (PGlite): skipped (mounting a small filesystem needs root)')
    rmSync(mount, { recursive: true, force: true })
    return
  }
  const dataDir = join(mount, 'data')
  mkdirSync(dataDir)
  const logs: string[] = []
  let stopServer: (() => void) | null = null
  try {
    const setup = await createDatabase({ databaseUrl: null, dataDir })
    await setup.migrate()
    const cookies: string[] = []
    for (let index = 0; index < Math.min(MEMBERS, 12); index += 1) {
      const user = await createUser(setup.db)
      const session = await createSession(setup.db, {
        userId: user.id,
        persistent: true,
        userAgent: 'chaos',
        now: new Date(),
      })
      cookies.push(`session=${session.token}`)
    }
    await setup.close()
    const { spawn, spawnSync } = await import('node:child_process')
    const { freePort } = await import('../scripts/stack/start-stack.mjs')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const child = spawn(process.execPath, ['--enable-source-maps', mainJs], {
      env: {
        PATH: process.env.PATH,
        APP_ENV: 'development',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        METRICS_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    stopServer = () => child.kill('SIGKILL')
    child.stdout.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n')))
    child.stderr.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n')))
    while (!logs.some((line) => line.includes('ready in'))) await sleep(100)
    const members: Member[] = cookies.map((cookie) => ({
      cookie,
      hub: null,
      transport: 'WebSockets',
      reconnects: [],
      counters: new Map(),
      sync: false,
    }))
    const intentions: string[] = []
    for (const member of members.slice(0, 3)) {
      const created = await fetch(`${url}/api/v1/intentions`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(intentionInput()),
      })
      intentions.push(((await created.json()) as { intention_id: string }).intention_id)
    }
    const load = new Load(url, members, intentions)
    const loops = members.map((member) => load.member(member))
    await sleep(3_000)
    load.phase = 'during'
    const free = Number(execSync(`df -k --output=avail ${mount} | tail -1`).toString().trim())
    // Filled to the last block (the server may write between df and the fill: dd stops at ENOSPC).
    writeFileSync(join(mount, 'fill'), '')
    spawnSync('fallocate', ['-l', String(Math.max(0, free - 64) * 1024), join(mount, 'fill')])
    spawnSync('dd', [
      'if=/dev/zero',
      `of=${join(mount, 'fill')}`,
      'bs=4k',
      'oflag=append',
      'conv=notrunc',
      'status=none',
    ])
    await sleep(FAULT_MS)
    rmSync(join(mount, 'fill'))
    const freedAt = performance.now()
    load.phase = 'after'
    // Writes take again once the server's probe sees the space (within a second or two).
    let writable = Number.NaN
    while (performance.now() - freedAt < 30_000) {
      const response = await fetch(`${url}/api/v1/intentions/${intentions[0]}/pray`, {
        method: 'POST',
        headers: { cookie: members[0]!.cookie },
      })
      if (response.ok) {
        writable = performance.now() - freedAt
        break
      }
      await sleep(100)
    }
    await sleep(SETTLE_MS)
    load.running = false
    await Promise.all(loops)
    const readsDuring = load.outcomes.length
    say('\nfull disk (PGlite, one process), then space freed')
    say(`  requests during: ${load.figures('during')}`)
    say(`  requests after:  ${load.figures('after')}`)
    say(`  writes accepted again ${writable.toFixed(0)} ms after space was freed`)
    say(
      `  log lines "database disk is full": ${logs.filter((line) => line.includes('database disk is full')).length}; 500s logged: ${logs.filter((line) => line.includes('"msg":"request failed"')).length} (${readsDuring} requests in all)`,
    )
    stopServer = null
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    // Nothing corrupt: the data directory opens, and every acknowledged comment is there once.
    const after = await createDatabase({ databaseUrl: null, dataDir })
    const kept = await keptAndDoubled(after, load.acknowledged)
    await after.close()
    say(
      `  reopened after: acknowledged comments ${kept.acknowledged}; lost: ${kept.lost}; applied twice: ${kept.twice}`,
    )
    expectZero('full disk: 500s', fiveHundreds(load, 'during') + fiveHundreds(load, 'after'))
    expectZero('full disk: acknowledged writes lost', kept.lost)
    expectZero('full disk: writes applied twice', kept.twice)
  } finally {
    stopServer?.()
    await sleep(500)
    execSync(`umount -l ${mount}`, { stdio: 'ignore' })
    rmSync(mount, { recursive: true, force: true })
  }
}

const load1 = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()
say(
  `bench:chaos — load average at start: ${load1}; fault ${FAULT_MS / 1000} s, settle ${SETTLE_MS / 1000} s`,
)
if (FAULTS.some((fault) => fault !== 'disk')) await stackFaults()
if (FAULTS.includes('disk')) await diskFault()
say(
  `load average at end: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`,
)
if (process.env.CHAOS_CHECK === '1' && violations.length > 0) {
  console.error(
    `bench:chaos: ${violations.length} promise(s) broken:\n  ${violations.join('\n  ')}`,
  )
  process.exit(1)
}
process.exit(0)
