import { randomUUID } from 'node:crypto';
import type { Agreement } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { asNeededDose, hoursAgo, keyedWorld } from '../../../../test/helpers/keyed-world.ts';

/**
 * A registration and its NEN 7513 entry are one write: the entry is written by the registration's own
 * statement, so a registration whose entry cannot be written is not stored either (nor its key), and the
 * nurse can simply send it again. Before, the registration was committed first and its entry afterwards.
 */
describe('administration: a registration commits with its audit entry', () => {
  let w: Awaited<ReturnType<typeof keyedWorld>>;
  let prn: Agreement;

  beforeAll(async () => {
    w = await keyedWorld('Logboekplicht');
    prn = await w.asNeeded();
  });
  afterAll(() => w.t.close());

  /** Makes every audit entry about a registration fail, as a full disk or a broken partition would. */
  async function refuseRegistrationEntries(refuse: boolean) {
    if (!refuse) {
      await w.t.db.execute(sql`drop trigger refuse_registration_entries on audit_log`);
      return;
    }
    await w.t.db.execute(sql`create or replace function refuse_registration_entry() returns trigger
      language plpgsql as $$ begin raise exception 'audit entry refused'; end $$`);
    await w.t.db.execute(sql`create trigger refuse_registration_entries before insert on audit_log
      for each row when (new.object_type = 'administration') execute function refuse_registration_entry()`);
  }

  it.each([
    ['without a key', undefined],
    ['with a key', randomUUID()],
  ])('%s: no entry, no registration; sent again once the log works, stored once', async (_, key) => {
    const body = asNeededDose(prn, { AdministeredAt: hoursAgo(1) });
    const rowsBefore = await w.rowsOf(prn.Id);
    const entriesBefore = await auditRows(w.t, { objectType: 'administration', action: 'C' });

    await refuseRegistrationEntries(true);
    try {
      const refused = await w.register(body, key);
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
      expect(await w.rowsOf(prn.Id)).toBe(rowsBefore);
      if (key) expect(await w.keysOf(key)).toBe(0);
    } finally {
      await refuseRegistrationEntries(false);
    }

    const stored = await w.register(body, key);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(await w.rowsOf(prn.Id)).toBe(rowsBefore + 1);
    const entries = await auditRows(w.t, { objectType: 'administration', action: 'C' });
    expect(entries).toHaveLength(entriesBefore.length + 1);
    expect(entries.at(-1)).toMatchObject({
      objectId: String(stored.json<{ Id: number }>().Id),
      patientId: w.patient.Id,
      outcome: 'success',
    });
  });
});
