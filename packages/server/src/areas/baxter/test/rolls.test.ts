import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdministrationList, BaxterRollList } from '@zorgportaal/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { agreementBody, today } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { addDays } from '../../../platform/time.ts';

const DEMO_DIR = path.join(import.meta.dirname, '..');
const DEMO_WEEK = '2026-11-30';
const demoCsv = () => readFileSync(path.join(DEMO_DIR, 'demo-roll-file.csv'), 'utf8');
const demoJson = () => readFileSync(path.join(DEMO_DIR, 'demo-roll-file.json'), 'utf8');

type ImportError = { Errors: { Line: number; Field: string; Message: string }[] };

describe('Baxter rolls', () => {
  let t: TestApp;
  let pharmacist: Api;
  let nurse: Api;
  let centrum: Api;
  let anker: Api;

  const rollsOf = async (who: Api, week: string) => {
    const res = await who.get(`/api/baxter/rolls?week=${week}`);
    expect(res.statusCode).toBe(200);
    return res.json<BaxterRollList>().Rows;
  };
  /** The clients of the demo roll file, by the BSNs in it. */
  let fileClients: number[] = [];
  /** The rolls the demo file fills: its clients' of its week (which may be this week, with rolls of every status). */
  const demoRolls = async () =>
    (await rollsOf(pharmacist, DEMO_WEEK)).filter((r) => fileClients.includes(r.Patient.Id));

  beforeAll(async () => {
    t = await buildTestApp();
    pharmacist = await apiAs(t.app, 'apotheker');
    nurse = await apiAs(t.app, 'verpleegkundige');
    centrum = await apiAs(t.app, 'centrum');
    anker = await apiAs(t.app, 'anker');
    const bsns = [
      ...new Set(
        demoCsv()
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((line) => line.split(';')[0]!),
      ),
    ];
    const clients = await t.db.select().from(s.patients).where(inArray(s.patients.bsn, bsns));
    fileClients = clients.map((c) => c.id);
    expect(fileClients).toHaveLength(2);
  }, 180_000);
  afterAll(() => t.close());

  it("the demo world has this week's rolls in all three statuses, from gds agreements, with who and when", async () => {
    const rows = await rollsOf(
      nurse,
      (await nurse.get('/api/baxter/rolls')).json<BaxterRollList>().WeekStart,
    );
    expect(new Set(rows.map((r) => r.Status))).toEqual(
      new Set(['waiting_for_file', 'laid_out', 'handed_over']),
    );
    expect(rows.every((r) => r.Entity.Name === 'Zorgcentrum De Berk')).toBe(true);
    expect(rows.every((r) => r.Sachets.length > 0)).toBe(true);
    const handed = rows.find((r) => r.Status === 'handed_over')!;
    expect(handed.LaidOut?.By).toBe('apotheker');
    expect(handed.HandedOver?.By).toBeTruthy();
  });

  it('a roll file with one malformed line is refused whole: every error with line and field, nothing imported', async () => {
    const lines = demoCsv().trimEnd().split('\n');
    lines[3] = lines[3]!.replace('2026-12-01T08:00', '2026-12-01T8 uur').replace(';1', ';-1');
    lines[5] = lines[5]!.replace(/^\d{9}/, '123456789');
    lines.push('179190003;2026-11-30;2026-12-09T08:00;ONBEKEND PRODUCT;1');
    const res = await pharmacist.post('/api/baxter/import', { Format: 'csv', Content: lines.join('\n') });
    expect(res.statusCode).toBe(422);
    const errors = res.json<ImportError>().Errors.map((e) => `${e.Line}:${e.Field}`);
    expect(errors).toEqual(
      expect.arrayContaining(['4:sachet_time', '4:quantity', '6:bsn', `${lines.length}:sachet_time`]),
    );
    const rows = await demoRolls();
    expect(rows.every((r) => r.Status === 'waiting_for_file' && !r.FromFile)).toBe(true);
    expect((await auditRows(t, { objectType: 'baxter_roll_file', outcome: 'failure' })).length).toBe(1);
  });

  it('JSON errors name the element number and field', async () => {
    const items = JSON.parse(demoJson()) as Record<string, unknown>[];
    items[2]!.product = 'GEEN PRODUCT';
    items[7]!.period_start = '2026-12-01';
    const res = await pharmacist.post('/api/baxter/import', {
      Format: 'json',
      Content: JSON.stringify(items),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json<ImportError>().Errors.map((e) => `${e.Line}:${e.Field}`);
    expect(errors).toEqual(expect.arrayContaining(['3:product', '8:period_start']));
    const bad = await pharmacist.post('/api/baxter/import', { Format: 'json', Content: '{nope' });
    expect(bad.json<ImportError>().Errors[0]).toMatchObject({ Line: 0, Field: 'bestand' });
  });

  it('only the supplying pharmacy can import for a roll; another gets "no roll" for the same file', async () => {
    const res = await centrum.post('/api/baxter/import', { Format: 'csv', Content: demoCsv() });
    expect(res.statusCode).toBe(422);
    expect(res.json<ImportError>().Errors.every((e) => e.Field === 'bsn')).toBe(true);
  });

  it('a valid file fills the matching rolls and moves them out of waiting_for_file', async () => {
    const res = await pharmacist.post('/api/baxter/import', { Format: 'csv', Content: demoCsv() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Rolls: 2, Sachets: 21 });
    const rows = (await demoRolls()).filter((r) => r.FromFile);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.Status === 'laid_out' && r.LaidOut?.By === 'apotheker')).toBe(true);
    expect(rows.flatMap((r) => r.Sachets).some((x) => x.Quantity === 0.5)).toBe(true);
    // Importing it again: the rolls are no longer waiting.
    const again = await pharmacist.post('/api/baxter/import', { Format: 'json', Content: demoJson() });
    expect(again.statusCode).toBe(422);
    expect(again.json<ImportError>().Errors[0]!.Field).toBe('period_start');
  });

  it('lay out (pharmacy) → hand over (care centre); other steps are 409, other organisations 404', async () => {
    const week = (await nurse.get('/api/baxter/rolls')).json<BaxterRollList>().WeekStart;
    const waiting = (await rollsOf(pharmacist, week)).find((r) => r.Status === 'waiting_for_file')!;
    expect((await nurse.post(`/api/baxter/roll/${waiting.Id}/handover`, {})).statusCode).toBe(409);
    expect((await centrum.post(`/api/baxter/roll/${waiting.Id}/layout`, {})).statusCode).toBe(404);
    expect((await nurse.post(`/api/baxter/roll/${waiting.Id}/layout`, {})).statusCode).toBe(403);
    expect((await pharmacist.post(`/api/baxter/roll/${waiting.Id}/layout`, {})).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/baxter/roll/${waiting.Id}/layout`, {})).statusCode).toBe(409);
    expect((await anker.post(`/api/baxter/roll/${waiting.Id}/handover`, {})).statusCode).toBe(404);
    expect((await nurse.post(`/api/baxter/roll/${waiting.Id}/handover`, {})).statusCode).toBe(200);
    const [row] = await t.db.select().from(s.baxterRolls).where(eq(s.baxterRolls.id, waiting.Id));
    expect(row).toMatchObject({ status: 'handed_over' });
    expect(row!.handedOverAt).toBeInstanceOf(Date);
    expect(
      (await auditRows(t, { objectType: 'baxter_roll', outcome: 'refused' })).map((r) => r.objectId),
    ).toContain(String(waiting.Id));
    // Het Anker never sees De Berk's rolls.
    expect((await rollsOf(anker, week)).every((r) => r.Entity.Name === 'Zorgcentrum Het Anker')).toBe(true);
  });

  it('generating a week is idempotent', async () => {
    // Three weeks ahead: the demo world generated this week and the next.
    const thisWeek = (await nurse.get('/api/baxter/rolls')).json<BaxterRollList>().WeekStart;
    const week = addDays(thisWeek, 21);
    const first = await pharmacist.post('/api/baxter/rolls/generate', { WeekStart: week });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ Created: number }>().Created).toBeGreaterThan(0);
    const again = await pharmacist.post('/api/baxter/rolls/generate', { WeekStart: week });
    expect(again.json()).toMatchObject({ Created: 0, Existing: first.json<{ Created: number }>().Created });
    // Not a Monday.
    const tuesday = addDays(week, 1);
    expect((await pharmacist.post('/api/baxter/rolls/generate', { WeekStart: tuesday })).statusCode).toBe(
      400,
    );
  });

  describe('interim changes (tussentijdse wijzigingen)', () => {
    const thisWeek = async () => (await nurse.get('/api/baxter/rolls')).json<BaxterRollList>().WeekStart;
    const openAgreements = (patientId: number, form: 'gds' | 'loose') =>
      t.db
        .select()
        .from(s.medicationAgreements)
        .where(
          and(
            eq(s.medicationAgreements.patientId, patientId),
            eq(s.medicationAgreements.distributionForm, form),
            isNull(s.medicationAgreements.stopType),
            isNull(s.medicationAgreements.endAt),
          ),
        );
    const changeBody = (patientId: number, medicationId: number, form: 'gds' | 'loose') => ({
      ...agreementBody(patientId, medicationId, {
        Start: today(),
        DistributionForm: form,
        Reason: 'Dosis aangepast',
      }),
      PatientId: undefined,
    });

    it('changing a gds agreement during a running roll records one interim change on the roll, and flags the toedienlijst', async () => {
      const week = await thisWeek();
      const roll = (await rollsOf(nurse, week))[0]!;
      expect(roll.InterimChanges).toEqual({ Count: 0, Changes: [] });
      const [gds] = await openAgreements(roll.Patient.Id, 'gds');
      const res = await pharmacist.post(
        `/api/medication/agreement/${gds!.id}/change`,
        changeBody(roll.Patient.Id, gds!.medicationId, 'gds'),
      );
      expect(res.statusCode).toBe(201);
      const after = (await rollsOf(nurse, week)).find((r) => r.Id === roll.Id)!;
      expect(after.InterimChanges.Count).toBe(1);
      expect(after.InterimChanges.Changes[0]).toMatchObject({
        Kind: 'changed',
        AgreementId: gds!.id,
        RecordedBy: 'apotheker',
      });
      // Other patients' rolls of the week are untouched.
      const others = (await rollsOf(nurse, week)).filter((r) => r.Patient.Id !== roll.Patient.Id);
      expect(others.every((r) => r.InterimChanges.Count === 0)).toBe(true);

      const list = await nurse.get(
        `/api/administration/list?departmentId=${roll.Department.Id}&date=${today()}`,
      );
      expect(list.statusCode).toBe(200);
      const moments = list.json<AdministrationList>().Moments.filter((m) => m.ScheduledAt);
      const own = moments.filter((m) => m.PatientId === roll.Patient.Id);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((m) => m.InterimChange === true)).toBe(true);
      expect(moments.filter((m) => m.PatientId !== roll.Patient.Id).some((m) => m.InterimChange)).toBe(false);
    });

    it('stopping a gds agreement records a "stopped" interim change; loose agreements record none', async () => {
      const week = await thisWeek();
      const roll = (await rollsOf(nurse, week))[1]!;
      const [gds] = await openAgreements(roll.Patient.Id, 'gds');
      // A loose (non-gds) agreement started and changed during the roll leaves the roll alone.
      const loose = await pharmacist.post('/api/medication/agreement', {
        ...agreementBody(roll.Patient.Id, gds!.medicationId, { DistributionForm: 'loose' }),
      });
      expect(loose.statusCode).toBe(201);
      const changed = await pharmacist.post(
        `/api/medication/agreement/${loose.json<{ Id: number }>().Id}/change`,
        changeBody(roll.Patient.Id, gds!.medicationId, 'loose'),
      );
      expect(changed.statusCode).toBe(201);
      expect((await rollsOf(nurse, week)).find((r) => r.Id === roll.Id)!.InterimChanges.Count).toBe(0);

      const stop = await pharmacist.post(`/api/medication/agreement/${gds!.id}/stop`, {
        StopType: 'stopped',
        Reason: 'Bijwerking',
      });
      expect(stop.statusCode).toBe(200);
      const after = (await rollsOf(nurse, week)).find((r) => r.Id === roll.Id)!;
      expect(after.InterimChanges.Changes.map((c) => [c.Kind, c.AgreementId])).toEqual([
        ['stopped', gds!.id],
      ]);
    });
  });
});
