import { type SQL, sql } from 'drizzle-orm'

/**
 * Many rows as one statement parameter, for an `insert … select` or an `update … from`:
 * `jsonb_to_recordset($1::jsonb) as x(name type, …)`. PostgreSQL parses the one JSON text in one
 * go: about a third of the time of a multi-row VALUES of the same rows (../shared/docs/perf-baseline.md
 * §6), with one parameter, never near the 65,535 a statement may have. Keep a statement to about
 * 1,000 rows (PERFORMANCE.md: batch writes).
 *
 * `rows` are objects keyed by the column names; a key left out (or undefined) reads as null, so a
 * row need not carry what is null or the same in every row (pass that as a parameter instead).
 * `columns` are names and types written by us, never by a user: they go into the SQL as they are.
 */
export function recordset(rows: readonly object[], columns: Record<string, string>, alias = 'x'): SQL {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ')
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(alias)}(${sql.raw(definition)})`
}
