import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Runs `run` with the URL of a new, empty PostgreSQL database made from `adminUrl`, dropped
 * afterwards; null (and a line saying so) when PostgreSQL is not reachable.
 */
export async function withScratchPostgres(adminUrl, prefix, run) {
  const name = `${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 })
  try {
    await admin.connect()
  } catch (error) {
    console.log(`\nPostgreSQL at ${adminUrl} is not reachable (${error.message}); skipping it.`)
    return null
  }
  await admin.query(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    return await run(url.toString())
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

/**
 * A bench's `.run.ts` in a process of its own on a scratch database made from
 * BENCH_DATABASE_URL (default: the local PostgreSQL), which it reads as BENCH_DATABASE_URL.
 */
export function runOnScratchPostgres(prefix, script) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  return withScratchPostgres(adminUrl, prefix, (url) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', BENCH_DATABASE_URL: url },
      stdio: 'inherit',
    })
    return new Promise((resolve, reject) =>
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`exited with ${code}`)),
      ),
    )
  })
}
