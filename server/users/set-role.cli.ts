// npm run user:role -- <email> <member|moderator|admin>
// Grants a role from the command line (DESIGN §2). With the embedded PGlite database, stop the
// server first: only one process may open DATA_DIR/pglite at a time.
import { loadConfig } from '../config'
import { createDatabase } from '../db/client'
import { isUserRole, setUserRole } from './set-role'

const [email, role] = process.argv.slice(2)
if (!email || !role || !isUserRole(role)) {
  process.stderr.write('Usage: npm run user:role -- <email> <member|moderator|admin>\n')
  process.exit(2)
}

const database = await createDatabase(loadConfig(process.env))
try {
  await database.migrate()
  const roles = await setUserRole(database.db, email, role)
  if (!roles) {
    process.stderr.write(`No account uses ${email}.\n`)
    process.exitCode = 1
  } else {
    process.stdout.write(`${email} now has: ${roles.join(', ')}\n`)
  }
} finally {
  await database.close()
}
