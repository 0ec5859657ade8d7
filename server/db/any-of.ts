import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

// drizzle's inArray makes one bind parameter per value: a reminder minute's batch of 1,000
// members cost some 10 ms of the event loop per query just to build, and each batch size a new
// statement text, parsed and planned again (named-statements.ts keeps only repeated texts).
// `= any($1::uuid[])` sends the list as one parameter, PostgreSQL's array literal, under one
// statement text whatever its length (issue 45, bench:reminders).

/** A PostgreSQL array literal of `values` (NULL for null), one bind parameter for a whole list. */
export function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values
    .map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`))
    .join(',')}}`
}

/** `column = any(values)`, as inArray (false for none), with the list as one parameter. */
export function anyOf(
  column: SQLWrapper,
  values: Iterable<string>,
  type: 'uuid' | 'text' = 'uuid',
): SQL {
  return sql`${column} = any(${arrayLiteral([...values])}::${sql.raw(type)}[])`
}
