import pg from 'pg'

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
