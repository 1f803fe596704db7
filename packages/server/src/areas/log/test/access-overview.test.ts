import { type AccessOverview, type AccessRow, accessWhat, type LogPage } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../platform/db/client.ts';
import { localDate, localTime } from '../../../platform/time.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { demoPatientOf, departmentIdOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * "Wie heeft dit dossier ingezien": the responsible care centre's overview of every organisation's access to
 * one client, on screen, as PDF and as CSV; and the printout entries that appear in it.
 */
describe('client access overview and printouts', () => {
  let t: TestApp;
  let berk: Api; // Zorgcentrum De Berk, Beheerder (log.read)
  let linde: Api; // Apotheek De Linde, supplies De Berk
  let nurse: Api; // De Berk, Verpleegkundige (no log.read)
  let client: { id: number; personId: number };
  let other: number; // another De Berk client
  const url = (id: number, tail = '') => `/api/log/patients/${id}/access${tail}`;

  const overview = async (query = '?limit=200'): Promise<AccessOverview> => {
    const res = await berk.get(url(client.id, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AccessOverview>();
  };

  /** The audit entries a row stands for are all about this client (its record, a list with it, its person). */
  async function aboutClient(rows: AccessRow[], patientId: number, personId: number): Promise<boolean> {
    const found = rowsOf<{ n: number | string }>(
      await t.db.execute(sql`
        select count(*) as n from audit_log
        where event_id = any(${`{${rows.map((r) => r.EventId).join(',')}}`}::uuid[])
          and (patient_id = ${patientId} or related_patient_ids @> array[${patientId}::integer]
               or (object_type in ('person', 'person_avatar') and object_id = ${String(personId)}))`),
    );
    return Number(found[0]!.n) === rows.length;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    [berk, linde, nurse] = await Promise.all([
      apiAs(t.app, 'beheerder'),
      apiAs(t.app, 'apotheker'),
      apiAs(t.app, 'verpleegkundige'),
    ]);
    const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
    client = { id: patient.id, personId: patient.personId };
    other = (await demoPatientOf(t, 'Afdeling Lindehof')).id;
    for (const who of [linde, berk]) {
      expect((await who.get(`/api/patient/${client.id}`)).statusCode).toBe(200);
      expect((await who.get(`/api/patient/${other}`)).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("writes a printout entry the Logboek and the client's overview show", async () => {
    const record = { Screen: 'medication_agreements', PatientIds: [client.id] };
    expect((await linde.post('/api/log/print', record)).statusCode).toBe(204);
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const list = { Screen: 'administration_list', PatientIds: [client.id, other], DepartmentId: eikenhof };
    expect((await nurse.post('/api/log/print', list)).statusCode).toBe(204);

    const [entry] = await auditRows(t, { action: 'P', objectType: 'medication_agreements' });
    expect(entry).toMatchObject({ patientId: client.id, username: 'apotheker', outcome: 'success' });
    const [listEntry] = await auditRows(t, { action: 'P', objectType: 'administration_list' });
    expect(listEntry).toMatchObject({ objectId: String(eikenhof), relatedPatientIds: [client.id, other] });

    const log = (await berk.get(`/api/log?patientId=${client.id}&action=P`)).json<LogPage>().Rows;
    expect(log.map((r) => [r.ObjectType, r.EntityName])).toEqual([
      ['administration_list', 'Zorgcentrum De Berk'],
      ['medication_agreements', 'Apotheek De Linde'],
    ]);
    const what = (await overview()).Rows.map((r) => `${r.EntityName}: ${accessWhat(r, 'nl')}`);
    expect(what).toContain('Apotheek De Linde: Afgedrukt: Medicatieoverzicht');
    expect(what).toContain('Zorgcentrum De Berk: Afgedrukt: Toedienlijst');
  });

  it('refuses a printout of a client outside the scope, and names the wrong field', async () => {
    const anker = await apiAs(t.app, 'anker');
    const refused = await anker.post('/api/log/print', { Screen: 'inr_values', PatientIds: [client.id] });
    expect(refused.statusCode).toBe(404);
    expect(await auditRows(t, { action: 'P', outcome: 'refused', objectId: client.id })).toHaveLength(1);

    const fieldOf = async (body: unknown) => {
      const res = await nurse.post('/api/log/print', body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return Object.keys(res.json<{ Fields: Record<string, string> }>().Fields);
    };
    expect(await fieldOf({ Screen: 'notes', PatientIds: [client.id] })).toEqual(['Screen']);
    expect(await fieldOf({ Screen: 'medication_agreements', PatientIds: [1, 2] })).toEqual(['PatientIds']);
    expect(await fieldOf({ Screen: 'baxter_roll_list', PatientIds: ['x'] })).toEqual(['PatientIds.0']);
    expect(await fieldOf({ Screen: 'baxter_roll_list', PatientIds: [], Extra: 1 })).toEqual(['Extra']);
    // The trombosis service may print INR values, not a Baxter list.
    const trombose = await apiAs(t.app, 'trombose');
    expect(
      (await trombose.post('/api/log/print', { Screen: 'baxter_roll_list', PatientIds: [] })).statusCode,
    ).toBe(403);
  });

  it("lists every organisation's access to the client and nothing of another client", async () => {
    const { Rows, Patient, StaffNames } = await overview();
    expect(Patient.Id).toBe(client.id);
    expect(StaffNames).toBe(false);
    const read = Rows.find((r) => r.EntityName === 'Apotheek De Linde' && r.ObjectType === 'patient');
    expect(read).toMatchObject({ Action: 'R', Role: expect.stringContaining('Apotheker'), StaffName: null });
    expect(Rows.some((r) => r.EntityName === 'Zorgcentrum De Berk')).toBe(true);
    expect(Rows.every((r) => r.StaffName === null)).toBe(true);
    expect(await aboutClient(Rows, client.id, client.personId)).toBe(true);
    // The other client's overview has the pharmacy's read of that client, not of this one.
    const second = (await berk.get(url(other, '?limit=200'))).json<AccessOverview>().Rows;
    expect(await aboutClient(second, other, -1)).toBe(true);
    expect(second.map((r) => r.EventId).filter((id) => Rows.some((r) => r.EventId === id))).toEqual(
      // Only the list printout showed both clients.
      Rows.filter((r) => r.ObjectType === 'administration_list').map((r) => r.EventId),
    );
  });

  it('names the own staff only when the care centre chose so, never a partner', async () => {
    const on = await berk.put('/api/management/settings/1', { AccessOverviewStaffNames: true });
    expect(on.statusCode, on.body).toBe(200);
    const { Rows, StaffNames } = await overview();
    expect(StaffNames).toBe(true);
    expect(Rows.find((r) => r.EntityName === 'Zorgcentrum De Berk')?.StaffName).toBe('Peter de Vries');
    expect(Rows.filter((r) => r.EntityName === 'Apotheek De Linde').every((r) => r.StaffName === null)).toBe(
      true,
    );
    await berk.put('/api/management/settings/1', { AccessOverviewStaffNames: null });
  });

  it('is 404 for any other organisation, 403 without the log permission, 400 naming a bad period', async () => {
    const anker = await apiAs(t.app, 'anker');
    for (const who of [anker, linde])
      for (const tail of ['', '/pdf', '/csv']) {
        const res = await who.get(url(client.id, tail));
        expect(res.statusCode, `${who.account.Username} ${tail}`).toBe(404);
        expect(res.body).not.toContain('Eikenhof');
      }
    const refusals = { objectType: 'patient', outcome: 'refused', action: 'R', objectId: client.id } as const;
    expect(await auditRows(t, refusals)).toHaveLength(6);
    expect((await nurse.get(url(client.id))).statusCode).toBe(403);
    const bad = await berk.get(url(client.id, '/pdf?from=2026-02-31'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Code: 'VALIDATION_FAILED', Fields: { from: expect.any(String) } });
  });

  it('hands out a PDF with the accesses in plain Dutch, and a CSV with the rows of the screen', async () => {
    const screen = (await overview()).Rows;
    const pdf = await berk.get(url(client.id, '/pdf'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Wie heeft uw dossier ingezien?');
    expect(text).toContain('Zorgcentrum De Berk');
    const read = screen.find((r) => r.EntityName === 'Apotheek De Linde' && r.ObjectType === 'patient')!;
    const at = new Date(read.EventAt);
    const day = localDate(at).split('-').reverse().join('-');
    expect(text).toContain(`${day} ${localTime(at)} Apotheek De Linde`);
    expect(text).toContain('Gelezen: Cliënt');
    expect(text).not.toContain('apotheker');

    const csv = await berk.get(url(client.id, '/csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Datum,Tijd,Organisatie,Rol,Wat');
    const cells = (r: AccessRow) => {
      const when = new Date(r.EventAt);
      const quote = (v: string) => (/[",]/.test(v) ? `"${v}"` : v);
      return [
        localDate(when).split('-').reverse().join('-'),
        localTime(when),
        r.EntityName ?? '',
        r.Role ?? '',
        accessWhat(r, 'nl'),
      ]
        .map(quote)
        .join(',');
    };
    // Newest first: the PDF request and the screen's own (each logged after its read), then what the screen showed.
    expect(lines[1]).toMatch(/,Uitgevoerd: Overzicht inzage dossier$/);
    expect(lines[2]).toMatch(/,Gelezen: Overzicht inzage dossier$/);
    expect(lines.slice(3)).toEqual(screen.map(cells));

    // Every request for the overview is itself on the client's log.
    const requests = await auditRows(t, { objectType: 'patient_access_overview', objectId: client.id });
    expect(requests.filter((r) => r.action === 'R').length).toBeGreaterThanOrEqual(4);
    expect(requests.filter((r) => r.action === 'E').map((r) => r.detail?.format)).toEqual(['pdf', 'csv']);
  });
});
