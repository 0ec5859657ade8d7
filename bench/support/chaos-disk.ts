// bench:chaos on the embedded database: one process, its data directory on a small filesystem
// the run mounts itself and fills to the last block, then frees.
import { execSync, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/stack/start-stack.mjs'
import { createDatabase } from '../../server/db/client'
import { createUser, sessionCookie } from '../../tests/helpers/users'
import { intentionInput } from '../../tests/helpers/wall'
import { keptAndDoubled } from './chaos-checks'
import { Load, sleep, type Member } from './chaos-load'
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

/** The embedded database alone (one process), its data directory on a small filesystem. */
export async function diskFault() {
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
      cookies.push((await sessionCookie(setup.db, user.id, 'chaos')).cookie)
    }
    await setup.close()
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
    const members: Member[] = cookies.map((cookie) => memberWith(cookie))
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
