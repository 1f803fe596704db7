import { randomUUID } from 'node:crypto';
import type { Consent } from '@zorgportaal/contract';
import { and, asc, count, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGNATURE_PNG } from '../src/areas/etdr/demo.ts';
import { ERASED_SIGNATURE_PNG } from '../src/areas/etdr/public.ts';
import { purgeAreas } from '../src/platform/purge.ts';
import * as s from '../src/schema.ts';
import { type Api, apiAs } from './helpers/api.ts';
import { entityIdOf } from './helpers/entities.ts';
import { tablesWithColumns } from './helpers/tables.ts';
import { deleteAndPurge } from './helpers/persons.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

describe('a purge from the trash can reaches every area that stores the person', () => {
  let t: TestApp;
  let admin: Api;
  let deBerk: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
  });
  afterAll(() => t.close());

  const countOf = async (table: PgTable, where: SQL | undefined) => {
    const [row] = await t.db.select({ n: count() }).from(table).where(where);
    return row!.n;
  };

  /**
   * The tables (partitioned ones as a whole) whose rows about this client or person still hold their last name,
   * first names or BSN anywhere in the row's text. The audit log names objects by id only, and stays.
   */
  const rowsNaming = async (
    patientId: number,
    personId: number,
    identity: { lastName: string; firstNames: string; bsn: string | null },
  ): Promise<string[]> => {
    const traces = [identity.lastName, identity.firstNames, identity.bsn].filter(
      (trace): trace is string => trace !== null && trace.length >= 3,
    );
    const naming: string[] = [];
    for (const { table, column } of await tablesWithColumns(t, ['patient_id', 'person_id'])) {
      const id = column === 'patient_id' ? patientId : personId;
      const result = await t.db.execute(sql`
        select count(*)::int as n from ${sql.identifier(table)} x
        where x.${sql.identifier(column)} = ${id}
          and (${sql.join(
            traces.map((trace) => sql`strpos(lower(x::text), lower(${trace})) > 0`),
            sql` or `,
          )})`);
      const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      if (n > 0) naming.push(`${table}.${column}: ${n}`);
    }
    return naming;
  };

  it('registers a purge step for every area that keeps personal data', () => {
    expect(purgeAreas()).toEqual(
      expect.arrayContaining([
        'persons',
        'accounts',
        'auth',
        'mail',
        'medication',
        'etdr',
        'communication',
        'documents',
        'integrations',
        'idempotency',
      ]),
    );
  });

  it("erases a client's identity in every area and keeps their medical record", async () => {
    // A client of De Berk that a demo thread is about and that signed a consent.
    const [subject] = await t.db
      .select({ patientId: s.patients.id, personId: s.patients.personId })
      .from(s.patients)
      .innerJoin(s.messageThreads, eq(s.messageThreads.patientId, s.patients.id))
      .innerJoin(s.consents, and(eq(s.consents.patientId, s.patients.id), eq(s.consents.kind, 'consent')))
      .where(eq(s.patients.entityId, deBerk))
      .orderBy(asc(s.patients.id))
      .limit(1);
    const { patientId, personId } = subject!;
    await t.db
      .update(s.patients)
      .set({ room: 'B-12', gpName: 'Dr. Visser', allergies: ['penicilline'] })
      .where(eq(s.patients.id, patientId));
    const [agreement] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.patientId, patientId))
      .limit(1);
    await t.db.insert(s.inrValues).values({
      patientId,
      valueTenths: 25,
      measuredAt: new Date(),
      method: 'venous',
      lowTenths: 20,
      highTenths: 30,
      interpretation: 'in',
    });
    await t.db.insert(s.medicationReviews).values({
      entityId: deBerk,
      patientId,
      reviewedOn: '2026-01-15',
      prescriber: 'Dr. Visser',
      findings: 'Geen interacties gevonden.',
    });
    // A MijnCaress run that created this client and another one.
    const [integration] = await t.db
      .insert(s.integrations)
      .values({ entityId: deBerk, type: 'mijncaress', name: 'ECD', source: 'https://ecd.example/fhir' })
      .returning();
    const [report] = await t.db
      .insert(s.integrationReports)
      .values({ entityId: deBerk, integrationId: integration!.id, outcome: 'success', created: 2 })
      .returning();
    const [other] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(and(eq(s.patients.entityId, deBerk), ne(s.patients.id, patientId)))
      .limit(1);
    await t.db.insert(s.integrationReportLines).values([
      { reportId: report!.id, seq: 1, reference: 'mc-client-1', action: 'created', patientId },
      { reportId: report!.id, seq: 2, reference: 'mc-client-2', action: 'created', patientId: other!.id },
    ]);

    const counts = async () => ({
      agreements: await countOf(s.medicationAgreements, eq(s.medicationAgreements.patientId, patientId)),
      administrations: await countOf(s.administrations, eq(s.administrations.patientId, patientId)),
      consents: await countOf(s.consents, eq(s.consents.patientId, patientId)),
      inr: await countOf(s.inrValues, eq(s.inrValues.patientId, patientId)),
      reviews: await countOf(s.medicationReviews, eq(s.medicationReviews.patientId, patientId)),
      threads: await countOf(s.messageThreads, eq(s.messageThreads.patientId, patientId)),
    });
    const before = await counts();
    const [identity] = await t.db
      .select({ lastName: s.persons.lastName, firstNames: s.persons.firstNames, bsn: s.patients.bsn })
      .from(s.persons)
      .innerJoin(s.patients, eq(s.patients.personId, s.persons.id))
      .where(eq(s.patients.id, patientId));
    // Before the purge the same search finds the client (their patient row's BSN, a thread's subject).
    expect(await rowsNaming(patientId, personId, identity!)).toEqual(
      expect.arrayContaining(['patients.person_id: 1']),
    );
    const otherThreads = await t.db
      .select()
      .from(s.messageThreads)
      .where(ne(s.messageThreads.patientId, patientId));
    expect(otherThreads.length).toBeGreaterThan(0);

    await deleteAndPurge(admin, personId);

    // medication: the patient row stays without BSN, room, GP and allergies.
    const [patient] = await t.db.select().from(s.patients).where(eq(s.patients.id, patientId));
    expect(patient).toMatchObject({ bsn: null, room: null, gpName: null, allergies: [] });
    // etdr: the consent rows stay, the signer's name and drawn signature are gone.
    const consents = await t.db
      .select()
      .from(s.consents)
      .where(and(eq(s.consents.patientId, patientId), eq(s.consents.kind, 'consent')));
    expect(consents.length).toBeGreaterThan(0);
    for (const consent of consents) {
      expect(consent.signerName).toBe('Verwijderd');
      expect(consent.signaturePng).toBe(ERASED_SIGNATURE_PNG);
      expect(consent.signaturePng).not.toBe(DEMO_SIGNATURE_PNG);
    }
    // communication: the threads about the client keep their rows, not their subject or text.
    const threads = await t.db
      .select()
      .from(s.messageThreads)
      .where(eq(s.messageThreads.patientId, patientId));
    expect(threads.map((thread) => thread.subject)).toEqual(threads.map(() => 'Over een verwijderde cliënt'));
    const bodies = await t.db
      .select({ body: s.messages.body })
      .from(s.messages)
      .where(
        inArray(
          s.messages.threadId,
          threads.map((thread) => thread.id),
        ),
      );
    expect(bodies.length).toBeGreaterThan(0);
    expect(new Set(bodies.map((m) => m.body))).toEqual(
      new Set(['Dit bericht is verwijderd: de cliënt is definitief verwijderd.']),
    );
    // Threads about other clients are untouched.
    for (const thread of otherThreads) {
      const [now] = await t.db.select().from(s.messageThreads).where(eq(s.messageThreads.id, thread.id));
      expect(now!.subject).toBe(thread.subject);
    }
    // integrations: the ECD's id of the client is gone from the report; the other client's stays.
    const lines = await t.db
      .select({
        reference: s.integrationReportLines.reference,
        patientId: s.integrationReportLines.patientId,
      })
      .from(s.integrationReportLines)
      .where(eq(s.integrationReportLines.reportId, report!.id))
      .orderBy(s.integrationReportLines.seq);
    expect(lines).toEqual([
      { reference: 'verwijderd', patientId },
      { reference: 'mc-client-2', patientId: other!.id },
    ]);
    // The medical record stays, now anonymous (WGBO): agreements, administrations, consents, INR, reviews.
    expect(await counts()).toEqual(before);
    // No table keeps the client's name or BSN in a row about them: a new area's table is checked too.
    expect(await rowsNaming(patientId, personId, identity!)).toEqual([]);
    const [kept] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.id, agreement!.id));
    expect(kept).toEqual(agreement);
  });

  it("erases a care provider's name and signatures, keeping what they did", async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const personId = nurse.account.Person!.Id;
    const accountId = nurse.account.Id;
    // An authorisation she signed as prescriber, a document version she uploaded and a sync she started.
    const [agreement] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.entityId, deBerk))
      .limit(1);
    const [signed] = await t.db
      .insert(s.consents)
      .values({
        entityId: deBerk,
        patientId: agreement!.patientId,
        kind: 'authorized',
        agreementId: agreement!.id,
        signerName: 'Fatima El Amrani',
        signerRole: 'prescriber',
        consentText: 'Als voorschrijver onderteken ik de medicatieafspraak.',
        signaturePng: DEMO_SIGNATURE_PNG,
        recordedBy: accountId,
      })
      .returning();
    const [version] = await t.db
      .select()
      .from(s.documentVersions)
      .where(isNotNull(s.documentVersions.uploadedBy))
      .limit(1);
    await t.db
      .update(s.documentVersions)
      .set({ uploadedBy: accountId, uploadedByName: 'Fatima El Amrani' })
      .where(eq(s.documentVersions.id, version!.id));
    const [integration] = await t.db
      .insert(s.integrations)
      .values({ entityId: deBerk, type: 'mijncaress', name: 'ECD 2', source: 'https://ecd.example/fhir' })
      .returning();
    const [report] = await t.db
      .insert(s.integrationReports)
      .values({
        entityId: deBerk,
        integrationId: integration!.id,
        startedBy: accountId,
        startedByName: 'verpleegkundige',
      })
      .returning();
    // Stored first answers (Idempotency-Key) name the accounts that recorded and checked a dose.
    const storedAnswer = (owner: number, checkedBy: number | null) => ({
      accountId: owner,
      key: randomUUID(),
      route: 'POST /api/administration/registration',
      requestHash: 'x',
      status: 201,
      body: { RecordedBy: { Id: owner }, DoubleCheckBy: checkedBy === null ? null : { Id: checkedBy } },
    });
    const answers = [
      storedAnswer(accountId, null),
      storedAnswer(admin.account.Id, accountId),
      storedAnswer(admin.account.Id, null),
    ];
    await t.db.insert(s.idempotencyKeys).values(answers);

    await deleteAndPurge(admin, personId);

    const [consent] = await t.db.select().from(s.consents).where(eq(s.consents.id, signed!.id));
    expect(consent).toMatchObject({
      signerName: 'Verwijderd',
      signaturePng: ERASED_SIGNATURE_PNG,
      agreementId: agreement!.id,
      recordedBy: accountId,
    });
    const [upload] = await t.db
      .select()
      .from(s.documentVersions)
      .where(eq(s.documentVersions.id, version!.id));
    expect(upload).toMatchObject({ uploadedBy: accountId, uploadedByName: 'Verwijderd' });
    const [run] = await t.db
      .select()
      .from(s.integrationReports)
      .where(eq(s.integrationReports.id, report!.id));
    expect(run).toMatchObject({ startedBy: accountId, startedByName: `verwijderd-${accountId}` });
    // idempotency: her keys and the answers naming her as checker are gone; the colleague's others stay.
    const keys = await t.db
      .select({ key: s.idempotencyKeys.key })
      .from(s.idempotencyKeys)
      .where(
        inArray(
          s.idempotencyKeys.key,
          answers.map((a) => a.key),
        ),
      );
    expect(keys).toEqual([{ key: answers[2]!.key }]);
    // The agreement still reads as signed, by a removed signer, with an empty image instead of her signature.
    const read = await admin.get(
      `/api/etdr/patient/${agreement!.patientId}/authorizedsignature/${agreement!.id}/${deBerk}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json<Consent>()).toMatchObject({
      Id: signed!.id,
      SignerName: 'Verwijderd',
      Signature: `data:image/png;base64,${ERASED_SIGNATURE_PNG}`,
    });
  });
});
