import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../src/platform/db/client.ts';

export const maxAdministrationId = async (db: Db) =>
  Number(
    rowsOf<{ id: string }>(await db.execute(sql`select coalesce(max(id), 0) as id from administrations`))[0]!
      .id,
  );

/**
 * Every acknowledged id stored, and no registration stored twice: each one has its own agreement and instant, so
 * two rows with the same pair would be one key stored twice. Rows of keys the client gave up on (an error above)
 * may be stored too: the next resend of that key would get their answer.
 */
export async function exactlyOnce(db: Db, idBefore: number, acknowledged: Map<string, number>) {
  const rows = rowsOf<{ id: string; agreement_id: number; administered_at: Date | string }>(
    await db.execute(
      sql`select id, agreement_id, administered_at from administrations where id > ${idBefore}`,
    ),
  );
  const stored = new Set(rows.map((r) => Number(r.id)));
  const pairs = new Set(rows.map((r) => `${r.agreement_id} ${new Date(r.administered_at).toISOString()}`));
  const ids = [...acknowledged.values()];
  const present = ids.filter((id) => stored.has(id)).length;
  return {
    present,
    missing: ids.length - present,
    unacknowledged: stored.size - new Set(ids).size,
    twice: rows.length - pairs.size + (ids.length - new Set(ids).size),
  };
}
