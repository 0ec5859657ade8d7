// bench:chaos's own PostgreSQL cluster and Redis, on free loopback ports in a scratch directory:
// the run stops and starts them, so it never touches the machine's shared services.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/stack/start-stack.mjs'

function postgresBin(name: string) {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : []
  const found = versions.map((version) => join(root, version, 'bin', name)).find(existsSync)
  return found ?? name
}

// PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user.
function run(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`)
}

export interface ScratchPostgres {
  url: string
  /** `pg_ctl stop -m fast`: clients are disconnected, open transactions rolled back. */
  stop(): Promise<void>
  start(): Promise<void>
  remove(): Promise<void>
}

export async function scratchPostgres(): Promise<ScratchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-pg-'))
  if (process.getuid?.() === 0) chownSync(dir, Number(idOf('-u')), Number(idOf('-g')))
  const data = join(dir, 'data')
  const port = await freePort()
  run(postgresBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const ctl = (args: string[]) => run(postgresBin('pg_ctl'), ['-D', data, ...args])
  const start = async () =>
    ctl([
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ])
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => ctl(['-m', 'fast', '-w', 'stop']),
    start,
    remove: async () => {
      try {
        ctl(['-m', 'immediate', '-w', 'stop'])
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function idOf(flag: '-u' | '-g') {
  return spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim()
}

export interface ScratchRedis {
  url: string
  stop(): Promise<void>
  start(): Promise<void>
  remove(): Promise<void>
}

export async function scratchRedis(): Promise<ScratchRedis> {
  const port = await freePort()
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    for (let tries = 0; tries < 100; tries += 1) {
      const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' })
      if (ping.stdout.trim() === 'PONG') return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('redis-server did not start')
  }
  const stop = async () => {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await exited
  }
  await start()
  return { url: `redis://127.0.0.1:${port}`, stop, start, remove: stop }
}
