import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { usersTable } from './users.table'
import { outer } from '../db/outer-column'

// The account's name and state as SQL for the lists of other capabilities (reactors, authors):
// they filter and name members in their own query, so closed accounts drop out before the page
// limit, without reading users.table.ts (server-tables-are-private).

/** The display name of the account `userId` names (closed accounts included). */
export function accountName(userId: SQLWrapper): SQL<string> {
  return sql<string>`(select ${usersTable.displayName} from ${usersTable} where ${usersTable.id} = ${outer(userId)})`
}

/** True (as SQL) when the account `userId` names exists and is not closed. */
export function accountIsOpen(userId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${usersTable} where ${usersTable.id} = ${outer(userId)} and ${usersTable.closedAt} is null)`
}
