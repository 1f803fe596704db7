import {
  type Agreement,
  type BaxterRollList,
  type MedicationList,
  type Patient,
  sachetCode,
  type SachetScanAnswer,
} from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../platform/time.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));

/** Scanning sachets while laying out a roll: this roll's client and moments only (docs/scanning.md). */
describe('baxter: sachet scan at lay-out', () => {
  let t: TestApp;
  let apotheker: Api;
  let mine: Patient;
  let other: Patient;
  const week = mondayOf(localDate(new Date()));
  const rollOf = new Map<string, number>();
  const scan = (rollId: number, Code: string, who = () => apotheker) =>
    who().post(`/api/baxter/roll/${rollId}/sachet-scan`, { Code });

  beforeAll(async () => {
    t = await buildTestApp();
    const beheerder = await apiAs(t.app, 'beheerder');
    apotheker = await apiAs(t.app, 'apotheker');
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const product = (await beheerder.get('/api/medication/catalogue?q=METOPROLOL')).json<MedicationList>()
      .Rows[0]!.Id;
    const client = async (lastName: string, bsn: string) => {
      const personId = await newClient(t, 'Zorgcentrum De Berk', lastName);
      const patient = (
        await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, bsn))
      ).json<Patient>();
      (
        await beheerder.post('/api/medication/agreement', agreementBody(patient.Id, product))
      ).json<Agreement>();
      return patient;
    };
    mine = await client('De Vries', '111222333');
    other = await client('Jansen', '123456782');
    for (const w of [week, addDays(week, 7)]) {
      await apotheker.post('/api/baxter/rolls/generate', { WeekStart: w });
      const rolls = (await apotheker.get(`/api/baxter/rolls?week=${w}`)).json<BaxterRollList>();
      for (const p of [mine, other])
        rollOf.set(`${p.Id}@${w}`, rolls.Rows.find((roll) => roll.Patient.Id === p.Id)!.Id);
    }
  });
  afterAll(() => t.close());

  it("passes the roll's own sachet and refuses another client's, another week's and another moment's", async () => {
    const roll = rollOf.get(`${mine.Id}@${week}`)!;
    const right = await scan(roll, sachetCode(roll, mine.Id, addDays(week, 2), '08:00'));
    expect(right.json<SachetScanAnswer>()).toMatchObject({
      Passed: true,
      Reason: null,
      RollClientName: 'Test De Vries',
    });
    const theirs = rollOf.get(`${other.Id}@${week}`)!;
    const wrong = (
      await scan(roll, sachetCode(theirs, other.Id, addDays(week, 2), '08:00'))
    ).json<SachetScanAnswer>();
    expect(wrong).toMatchObject({ Passed: false, Reason: 'wrong_client', ScannedClientName: 'Test Jansen' });
    const next = rollOf.get(`${mine.Id}@${addDays(week, 7)}`)!;
    expect((await scan(roll, sachetCode(next, mine.Id, addDays(week, 7), '08:00'))).json()).toMatchObject({
      Reason: 'wrong_roll',
    });
    expect((await scan(roll, sachetCode(roll, mine.Id, addDays(week, 2), '12:00'))).json()).toMatchObject({
      Reason: 'wrong_moment',
    });
    expect((await scan(roll, '0109506000134352')).json()).toMatchObject({ Reason: 'not_a_sachet' });
    const refused = await auditRows(t, { objectType: 'baxter_sachet_scan', outcome: 'refused' });
    expect(refused).toHaveLength(4);
    expect(refused[0]).toMatchObject({ patientId: mine.Id, objectId: String(roll) });
  });

  it('answers an unreadable code 422 naming Code, another pharmacy 404 (logged), a nurse 403', async () => {
    const roll = rollOf.get(`${mine.Id}@${week}`)!;
    const misread = await scan(roll, 'ZPS1-1-2-202611300800-!');
    expect([misread.statusCode, Object.keys(misread.json().Fields)]).toEqual([422, ['Code']]);
    expect((await scan(roll, 'a\u0001')).statusCode).toBe(400);
    const centrum = await apiAs(t.app, 'centrum');
    expect((await scan(roll, sachetCode(roll, mine.Id, week, '08:00'), () => centrum)).statusCode).toBe(404);
    expect(
      await auditRows(t, { objectType: 'baxter_roll', outcome: 'refused', username: 'centrum' }),
    ).toHaveLength(1);
    const nurse = await apiAs(t.app, 'verpleegkundige');
    expect((await scan(roll, sachetCode(roll, mine.Id, week, '08:00'), () => nurse)).statusCode).toBe(403);
  });
});
