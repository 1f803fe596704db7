import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/**
 * Every table (a partitioned one as a whole, not its partitions) with one of these columns, once per column it
 * has, but the audit log: cross-cutting tests find a new area's tables this way, without a line of their own.
 */
export async function tablesWithColumns<Column extends string>(
  t: TestApp,
  columns: readonly Column[],
): Promise<{ table: string; column: Column }[]> {
  const result = await t.db.execute(sql`
    select c.relname as table, a.attname as column
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and not a.attisdropped
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
      and a.attname in (${sql.join(
        columns.map((column) => sql`${column}`),
        sql`, `,
      )}) and c.relname <> 'audit_log'
    order by c.relname, a.attname`);
  return (result as unknown as { rows: { table: string; column: Column }[] }).rows;
}
