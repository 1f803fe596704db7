import type { LogPage, LogRow } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { demoPatientOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * The Logboek across the network: the care centre responsible for a client, and the pharmacy that supplies
 * it, see every organisation's access to that client, with the organisation and role named (not the other
 * organisation's staff); a GP practice or trombosis service sees its own entries.
 */
describe('Logboek: access to a care centre client by partner organisations', () => {
  let t: TestApp;
  let berk: Api; // Zorgcentrum De Berk, Beheerder
  let linde: Api; // Apotheek De Linde, supplies De Berk
  let anker: Api; // Zorgcentrum Het Anker, unrelated to De Berk
  let client: number; // a De Berk client
  let lindeId: number;

  const logOf = async (who: Api, query: string): Promise<LogRow[]> => {
    const res = await who.get(`/api/log?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LogPage>().Rows;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    [berk, linde, anker] = await Promise.all([
      apiAs(t.app, 'beheerder'),
      apiAs(t.app, 'apotheker'),
      apiAs(t.app, 'anker'),
    ]);
    client = (await demoPatientOf(t, 'Afdeling Eikenhof')).id;
    lindeId = await entityIdOf(t, 'Apotheek De Linde');
    expect((await linde.get(`/api/patient/${client}`)).statusCode).toBe(200);
    expect((await berk.get(`/api/patient/${client}`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("shows the care centre the pharmacy's read of its client, naming the pharmacy and its role only", async () => {
    for (const query of [`patientId=${client}`, '']) {
      const rows = await logOf(berk, query);
      const read = rows.find((r) => r.EntityId === lindeId && r.ObjectType === 'patient');
      expect(read, `Logboek ?${query}`).toMatchObject({
        Action: 'R',
        Outcome: 'success',
        PatientId: client,
        EntityName: 'Apotheek De Linde',
        Role: expect.stringContaining('Apotheker'),
        PatientName: expect.any(String),
        // Who at the pharmacy, and from where, is the pharmacy's to show.
        UserId: null,
        Username: null,
        UserScreenName: null,
        Ip: null,
        Detail: null,
      });
      expect(JSON.stringify(read)).not.toContain('apotheker');
    }
  });

  it("shows the supplying pharmacy every access to the clients it supplies, the care centre's by organisation and role only", async () => {
    const berkId = await entityIdOf(t, 'Zorgcentrum De Berk');
    const rows = await logOf(linde, `patientId=${client}`);
    // The pharmacy's own entry keeps its user.
    expect(rows.find((r) => r.EntityId === lindeId && r.ObjectType === 'patient')).toMatchObject({
      Username: 'apotheker',
    });
    const careCentreRead = rows.find((r) => r.EntityId === berkId && r.ObjectType === 'patient');
    expect(careCentreRead).toMatchObject({
      Action: 'R',
      PatientId: client,
      EntityName: 'Zorgcentrum De Berk',
      PatientName: expect.any(String),
      UserId: null,
      Username: null,
      UserScreenName: null,
      Ip: null,
      Detail: null,
    });
    // A client of a care centre the pharmacy does not supply: nothing of it, not even the other centre's reads.
    const ankerClient = (await demoPatientOf(t, 'Wijk Haven')).id;
    expect((await anker.get(`/api/patient/${ankerClient}`)).statusCode).toBe(200);
    expect(await logOf(linde, `patientId=${ankerClient}`)).toEqual([]);
  });

  it("shows an unrelated care centre nothing of it, and a partner's user id filters nothing", async () => {
    expect(await logOf(anker, `patientId=${client}`)).toEqual([]);
    expect(await logOf(berk, `userId=${linde.account.Id}`)).toEqual([]);
  });

  it("names only the care centre's own clients of a partner's list view, and exports what the screen shows", async () => {
    const ankerClient = (await demoPatientOf(t, 'Wijk Haven')).id;
    await t.db.execute(sql`
      insert into audit_log (action, outcome, user_id, username, role, entity_id, ip, object_type, related_patient_ids)
      values ('R', 'success', ${linde.account.Id}, 'apotheker', 'Apotheker', ${lindeId}, '10.1.2.3',
              'patient_search', array[${client}::integer, ${ankerClient}::integer])`);
    const [view] = await logOf(berk, `patientId=${client}&objectType=patient_search`);
    expect(view).toMatchObject({ EntityName: 'Apotheek De Linde', Ip: null });
    expect(view!.RelatedPatients).toEqual([{ Id: client, Name: expect.any(String) }]);
    // The other care centre sees the same entry with its own client only.
    const [seen] = await logOf(anker, `patientId=${ankerClient}&objectType=patient_search`);
    expect(seen!.RelatedPatients.map((p) => p.Id)).toEqual([ankerClient]);
    expect(seen!.EventId).toBe(view!.EventId);

    const screen = await logOf(berk, `patientId=${client}`);
    const csv = await berk.get(`/api/log/export?patientId=${client}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toContain('EntityName');
    // The export is logged after its first page was read, the screen's read before it: same rows otherwise.
    const exported = lines.slice(1).map((line) => line.split(',')[header.indexOf('EventId')]);
    expect(exported).toEqual(screen.map((r) => r.EventId));
    const partnerLines = lines.filter((line) => line.includes('Apotheek De Linde'));
    expect(partnerLines.length).toBeGreaterThanOrEqual(2);
    for (const line of partnerLines) expect(line).not.toMatch(/apotheker|10\.1\.2\.3/);
  });
});
