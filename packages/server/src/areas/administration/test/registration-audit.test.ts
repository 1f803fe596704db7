import { randomUUID } from 'node:crypto';
import type { Agreement, Registration } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { asNeededDose, at, hoursAgo, keyedWorld } from '../../../../test/helpers/keyed-world.ts';

/**
 * A registration and its NEN 7513 entry are one write: the entry is written by the registration's own
 * statement (or, with a bedside double check, in its transaction; the double check afterwards likewise), so a
 * change whose entry cannot be written is not stored either (nor its key), and the nurse can simply send it
 * again. Before, the change was committed first and its entry afterwards: a keyed one was then answered as
 * a success, its kept answer replayed, without an entry.
 */
describe('administration: a registration commits with its audit entry', () => {
  let w: Awaited<ReturnType<typeof keyedWorld>>;
  let prn: Agreement;
  let insulin: Agreement;

  beforeAll(async () => {
    w = await keyedWorld('Logboekplicht');
    prn = await w.asNeeded();
    insulin = await w.everyTwoHours('INSULINE GLARGINE');
  });
  afterAll(() => w.t.close());

  /** Makes every audit entry about a registration or its check fail, as a full disk or a broken partition would. */
  async function refuseRegistrationEntries(refuse: boolean) {
    if (!refuse) {
      await w.t.db.execute(sql`drop trigger refuse_registration_entries on audit_log`);
      return;
    }
    await w.t.db.execute(sql`create or replace function refuse_registration_entry() returns trigger
      language plpgsql as $$ begin raise exception 'audit entry refused'; end $$`);
    await w.t.db.execute(sql`create trigger refuse_registration_entries before insert on audit_log
      for each row when (new.object_type in ('administration', 'administration_double_check'))
      execute function refuse_registration_entry()`);
  }

  /** `send` while the log refuses the entries: it must fail (5xx) and leave `unchanged` true. */
  async function whileRefused(send: () => Promise<{ statusCode: number }>, unchanged: () => Promise<void>) {
    await refuseRegistrationEntries(true);
    try {
      expect((await send()).statusCode).toBeGreaterThanOrEqual(500);
      await unchanged();
    } finally {
      await refuseRegistrationEntries(false);
    }
  }

  it.each([
    ['without a key', undefined],
    ['with a key', randomUUID()],
  ])('%s: no entry, no registration; sent again once the log works, stored once', async (_, key) => {
    const body = asNeededDose(prn, { AdministeredAt: hoursAgo(1) });
    const rowsBefore = await w.rowsOf(prn.Id);
    const entriesBefore = await auditRows(w.t, { objectType: 'administration', action: 'C' });

    await whileRefused(
      () => w.register(body, key),
      async () => {
        expect(await w.rowsOf(prn.Id)).toBe(rowsBefore);
        if (key) expect(await w.keysOf(key)).toBe(0);
      },
    );

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

  it('at the bedside with a key: no registration, no check, no key; sent again, all of them once', async () => {
    const key = randomUUID();
    const body = {
      AgreementId: insulin.Id,
      ScheduledAt: at('20:00'),
      Status: 'given',
      AdministeredAt: at('20:00'),
      DoubleCheck: { Username: 'beheerder', Password: DEMO_PASSWORD },
    };
    const rowsBefore = await w.rowsOf(insulin.Id);
    await whileRefused(
      () => w.register(body, key),
      async () => {
        expect(await w.rowsOf(insulin.Id)).toBe(rowsBefore);
        expect(await w.keysOf(key)).toBe(0);
      },
    );
    const stored = await w.register(body, key);
    expect(stored.statusCode, stored.body).toBe(201);
    const id = stored.json<Registration>().Id;
    expect(await w.rowsOf(insulin.Id)).toBe(rowsBefore + 1);
    expect(await auditRows(w.t, { objectType: 'administration', objectId: id })).toHaveLength(1);
    expect(await auditRows(w.t, { objectType: 'administration_double_check', objectId: id })).toHaveLength(1);
  });

  it('the double check afterwards with a key: not checked, no key; sent again, checked once', async () => {
    const dose = await w.register({
      AgreementId: insulin.Id,
      ScheduledAt: at('18:00'),
      Status: 'given',
      AdministeredAt: at('18:00'),
    });
    expect(dose.statusCode, dose.body).toBe(201);
    const id = dose.json<Registration>().Id;
    const url = `/api/administration/registration/${id}/doublecheck`;
    const key = randomUUID();
    await whileRefused(
      () => w.send(url, { Note: 'gecontroleerd' }, key, w.beheerder),
      async () => {
        const [row] = await w.t.db
          .select({ checkedBy: s.administrations.doubleCheckBy })
          .from(s.administrations)
          .where(eq(s.administrations.id, id));
        expect(row!.checkedBy).toBeNull();
        expect(await w.keysOf(key)).toBe(0);
      },
    );
    const checked = await w.send(url, { Note: 'gecontroleerd' }, key, w.beheerder);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<Registration>()).toMatchObject({ DoubleCheckBy: { Username: 'beheerder' } });
    expect(await auditRows(w.t, { objectType: 'administration_double_check', objectId: id })).toHaveLength(1);
  });
});
