import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const BATCH = 2000;

/**
 * Tables whose rows triggers write from another table's (the day roll-up and the corrections' claims, from
 * administrations): copying them too would count every registration twice. They are compared, not copied.
 */
const DERIVED_TABLES = new Set(['administration_days', 'administration_corrections']);
/**
 * Counters that triggers raise while the other tables are copied (the wards' list versions, the client lists'
 * versions): replaced by the source's rows at the end, so a tablet's ETag from the embedded database still holds
 * for the same list.
 */
const REPLACED_TABLES = new Set(['department_list_versions', 'client_list_versions']);

/** Public tables of the source, parents before children (foreign keys), partitions left to their parent. */
async function tablesInCopyOrder(source: PGlite): Promise<string[]> {
  const tables = (
    await source.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await source.query<{ child: string; parent: string }>(
      `select cc.relname as child, pc.relname as parent from pg_constraint k
         join pg_class cc on cc.oid = k.conrelid join pg_class pc on pc.oid = k.confrelid
         join pg_namespace n on n.oid = cc.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and cc.oid <> pc.oid
          and not cc.relispartition and not pc.relispartition`,
    )
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function copyTable(source: PGlite, target: pg.PoolClient, table: string): Promise<void> {
  const columns = (
    await source.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => quote(r.name));
  const list = columns.join(', ');
  // A partitioned table (the audit log, administrations) is read partition by partition: a ctid is only unique within one.
  // Its months are created on the target first, so the rows land in their month, not in DEFAULT.
  const leaves = (
    await source.query<{ name: string; month: string | null }>(
      `select c.relname as name,
              case when c.relispartition and pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
                   then split_part(pg_get_expr(c.relpartbound, c.oid), '''', 2) end as month
         from pg_partition_tree($1::regclass) t join pg_class c on c.oid = t.relid
        where t.isleaf order by c.relname`,
      [table],
    )
  ).rows;
  // pg_partition_tree lists nothing for a table that is not partitioned: then the table is its own leaf.
  if (!leaves.length) leaves.push({ name: table, month: null });
  for (const { month } of leaves) {
    // Each month-partitioned table has its <table>_ensure_partition (month-partitions.ts).
    if (month)
      await target.query(
        `select ${quote(`${table}_ensure_partition`)}(($1::timestamptz at time zone 'UTC')::date)`,
        [month],
      );
  }
  for (const { name } of leaves) {
    let after = '(0,0)';
    for (;;) {
      // Keyset over the physical row order: every batch is one cheap range read, whatever the table's size.
      const batch = await source.query<{ at: string; row: unknown }>(
        `select ctid::text as at, to_jsonb(t) as row from ${quote(name)} t where ctid > $1::tid order by ctid limit ${BATCH}`,
        [after],
      );
      if (batch.rows.length === 0) break;
      await target.query(
        `insert into ${quote(table)} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::${quote(table)}, $1::jsonb)`,
        [JSON.stringify(batch.rows.map((r) => r.row))],
      );
      after = batch.rows[batch.rows.length - 1]!.at;
    }
  }
}

/** Moves every sequence past the highest id copied, so new rows get fresh ids. */
async function advanceSequences(target: pg.PoolClient): Promise<void> {
  const owned = await target.query<{ table_name: string; column_name: string; seq: string }>(
    `select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
       from information_schema.columns c
      where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
  );
  for (const { table_name, column_name, seq } of owned.rows) {
    await target.query(
      `select setval($1, coalesce((select max(${quote(column_name)}) from ${quote(table_name)}), 0) + 1, false)`,
      [seq],
    );
  }
}

/**
 * Copies every public table of an embedded database into a PostgreSQL database that already has the same
 * migrations applied and holds no rows. Triggers stay defined: the audit log's append-only ones guard UPDATE and
 * DELETE, which the copy never does; the ones deriving tables from administrations rebuild those (DERIVED_TABLES). Returns the row count per table, both sides.
 */
export async function copyToPostgres(source: PGlite, targetUrl: string): Promise<TableCount[]> {
  const pool = new pg.Pool({ connectionString: targetUrl, max: 1 });
  const client = await pool.connect();
  try {
    const tables = await tablesInCopyOrder(source);
    await client.query('begin');
    for (const table of tables) {
      const existing = await client.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`);
      if ((existing.rows[0]?.n ?? 0) > 0) throw new Error(`The target table ${table} is not empty.`);
    }
    // A correction may come before the registration it corrects (its month's partition is read later).
    await client.query('set constraints all deferred');
    for (const table of tables) {
      if (!DERIVED_TABLES.has(table) && !REPLACED_TABLES.has(table)) await copyTable(source, client, table);
    }
    for (const table of REPLACED_TABLES) {
      await client.query(`delete from ${quote(table)}`);
      await copyTable(source, client, table);
    }
    await advanceSequences(client);
    await client.query('commit');
    const counts: TableCount[] = [];
    for (const table of tables) {
      const from = await source.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`);
      const to = await client.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`);
      counts.push({ table, source: from.rows[0]?.n ?? 0, target: to.rows[0]?.n ?? 0 });
    }
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
    await pool.end();
  }
}
