// bench:hub's server processes: the file-descriptor limit its sockets need, and each server
// (ours, bare `ws`) as a child process taking commands over IPC.
import { spawn, spawnSync } from 'node:child_process'

/**
 * Re-runs this process under a raised `ulimit -n` when `needed` descriptors are more than the
 * shell allows; exits when it cannot.
 */
export function ensureFileLimit(needed) {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim())
  if (!(limit < needed)) return
  if (process.env.BENCH_HUB_RAISED) {
    console.log(`ulimit -n is ${limit}, below the ${needed} needed; lower BENCH_CONNECTIONS.`)
    process.exit(1)
  }
  console.log(`bench:hub: raising ulimit -n from ${limit} to ${needed}`)
  const self = [process.execPath, ...process.argv.slice(1)].map((a) => `'${a}'`).join(' ')
  const again = spawnSync('sh', ['-c', `ulimit -n ${needed} && exec ${self}`], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_HUB_RAISED: '1' },
  })
  process.exit(again.status ?? 1)
}

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
