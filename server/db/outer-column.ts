import { Column, getTableName, is, sql, type SQLWrapper } from 'drizzle-orm'

/**
 * The outer query's column, qualified with its table, for use inside a correlated subquery.
 * Drizzle writes a one-table query's columns unqualified, and an unqualified name inside a
 * subquery means the subquery's own table first: `(select 1 from reactions where comment_id =
 * "id")` compares with reactions.id, not the comment's. Anything else (a value, a placeholder,
 * SQL) is passed through.
 */
export function outer<T extends SQLWrapper | string>(value: T): SQLWrapper | T {
  if (!is(value, Column)) return value
  return sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}`
}
