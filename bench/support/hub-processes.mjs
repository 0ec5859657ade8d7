// bench:hub's server processes: the file-descriptor limit its sockets need, and each server
// (ours, bare `ws`) as a child process taking commands over IPC.
import { spawn, spawnSync } from 'node:child_process'

// The load generator's own heap: its young generation is sized so that a round's garbage (5,000
// frames read and parsed, ~10 MB) fits without a scavenge, and it collects between rounds
// (`collectGarbage`). Otherwise its own 4-10 ms scavenges land in whichever server's round they
// happen to fall in and become that server's p99 (measured 2026-11-27: every receipt gap of a
// round matched a load-generator scavenge).
const LOAD_GENERATOR_FLAGS = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64']

/**
 * Re-runs this process when it lacks the load generator's flags, or under a raised `ulimit -n`
 * when `needed` descriptors are more than the shell allows; exits when it cannot.
 */
export function ensureLoadGenerator(needed) {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim())
  const flagsMissing = LOAD_GENERATOR_FLAGS.some((flag) => !process.execArgv.includes(flag))
  if (!(limit < needed) && !flagsMissing) return
  if (process.env.BENCH_HUB_RERUN) {
    console.log(`ulimit -n is ${limit}, below the ${needed} needed; lower BENCH_CONNECTIONS.`)
    process.exit(1)
  }
  if (limit < needed) console.log(`bench:hub: raising ulimit -n from ${limit} to ${needed}`)
  const self = [process.execPath, ...LOAD_GENERATOR_FLAGS, ...process.argv.slice(1)]
    .map((a) => `'${a}'`)
    .join(' ')
  const raise = limit < needed ? `ulimit -n ${needed} && ` : ''
  const again = spawnSync('sh', ['-c', `${raise}exec ${self}`], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_HUB_RERUN: '1' },
  })
  process.exit(again.status ?? 1)
}

/** A full collection of the load generator's heap, so none falls inside the next round. */
export const collectGarbage = () => globalThis.gc()

/**
 * A bench server as a child with --expose-gc, driven over IPC: `ready` gives its port,
 * `command` sends one command and resolves with its answer.
 */
export function startServer(root, script) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let next = 0
  const pending = new Map()
  child.on('message', (message) => {
    const waiter = pending.get(message.id)
    if (!waiter) return
    pending.delete(message.id)
    if (message.error) waiter.reject(new Error(message.error))
    else waiter.resolve(message)
  })
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
    child.on('message', (message) => message.ready && resolve(message.port))
  })
  return {
    ready,
    command(cmd, fields = {}) {
      const id = (next += 1)
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        child.send({ id, cmd, ...fields })
      })
    },
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}
