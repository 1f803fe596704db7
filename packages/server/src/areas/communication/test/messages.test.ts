import type { AccountLookups, Recipient, Thread, ThreadList, UnreadCount } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf, groupIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('communication between organisations of the network', () => {
  let t: TestApp;
  let nurse: Api;
  let pharmacist: Api;
  let assistant: Api;
  let gp: Api;
  let anker: Api;
  let deLindeDag: number;
  let deLindeNacht: number;
  let gpDag: number;
  let deBerkPatient: number;
  let ankerPatient: number;

  const groupOf = (entity: string, name: string) => groupIdOf(t, entity, name);
  const accountId = async (username: string) => {
    const [row] = await t.db
      .select({ id: s.accounts.id, entityId: s.accounts.entityId })
      .from(s.accounts)
      .where(eq(s.accounts.username, username));
    return row!;
  };
  const allowSend = async (username: string, groupId: number) => {
    const a = await accountId(username);
    await t.db
      .insert(s.accountGroups)
      .values({ accountId: a.id, groupId, entityId: a.entityId, canSend: true, canReceive: false })
      .onConflictDoUpdate({
        target: [s.accountGroups.accountId, s.accountGroups.groupId],
        set: { canSend: true },
      });
  };
  const patientOf = async (entity: string) => {
    const [row] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.entityId, await entityIdOf(t, entity)))
      .limit(1);
    return row!.id;
  };
  const unread = async (c: Api) => (await c.get('/api/communication/unread')).json<UnreadCount>().Unread;
  const threads = async (c: Api, query = '') =>
    (await c.get(`/api/communication/threads${query}`)).json<ThreadList>().Rows;
  const write = (c: Api, body: Record<string, unknown>) =>
    c.post('/api/communication/threads', { Subject: 'Test', Body: 'Hallo', ...body });

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    pharmacist = await apiAs(t.app, 'apotheker');
    assistant = await apiAs(t.app, 'assistent');
    gp = await apiAs(t.app, 'huisarts');
    anker = await apiAs(t.app, 'anker');
    deLindeDag = await groupOf('Apotheek De Linde', 'Dagdienst');
    deLindeNacht = await groupOf('Apotheek De Linde', 'Nachtdienst');
    gpDag = await groupOf('Huisartsenpraktijk Linde', 'Dagdienst');
    deBerkPatient = await patientOf('Zorgcentrum De Berk');
    ankerPatient = await patientOf('Zorgcentrum Het Anker');
  });
  afterAll(() => t.close());

  it("the threads of one client: an audit entry even when empty; another organisation's client is 404 + refused", async () => {
    // Het Anker's client has no thread with De Berk's nurse: the list is empty, and looking is still logged.
    const mine = await nurse.get(`/api/communication/threads?patientId=${deBerkPatient}`);
    expect(mine.statusCode).toBe(200);
    const views = (await auditRows(t, { objectType: 'message_thread_list', outcome: 'success' })).filter(
      (r) => r.patientId === deBerkPatient,
    );
    expect(views.length).toBeGreaterThan(0);
    expect(views.at(-1)!.relatedPatientIds).toContain(deBerkPatient);

    const foreign = await nurse.get(`/api/communication/threads?patientId=${ankerPatient}`);
    expect(foreign.statusCode).toBe(404);
    const refused = (await auditRows(t, { objectType: 'patient', outcome: 'refused' })).filter(
      (r) => r.objectId === String(ankerPatient),
    );
    expect(refused).toHaveLength(1);
    expect(
      (await auditRows(t, { objectType: 'message_thread_list', outcome: 'success' })).filter(
        (r) => r.patientId === ankerPatient,
      ),
    ).toEqual([]);
  });

  it('offers the groups of GroupsSendTo in the network as recipients', async () => {
    const rows = (await nurse.get('/api/communication/recipients')).json<{ Rows: Recipient[] }>().Rows;
    expect(rows.map((r) => `${r.EntityName} / ${r.Name}`)).toEqual([
      'Apotheek De Linde / Dagdienst',
      'Huisartsenpraktijk Linde / Dagdienst',
      'Trombosedienst Midden / Dagdienst',
      'Zorgcentrum De Berk / Dagdienst',
    ]);
  });

  it('delivers a message to the receiving group, tracks read state per account and threads answers', async () => {
    const before = await unread(pharmacist);
    const assistantBefore = await unread(assistant);
    const res = await write(nurse, {
      RecipientGroupId: deLindeDag,
      Subject: 'Nieuwe levering',
      Body: 'Kan de levering morgen vroeger?',
    });
    expect(res.statusCode).toBe(201);
    const thread = res.json<Thread>();
    expect(thread).toMatchObject({
      Subject: 'Nieuwe levering',
      Priority: 'normal',
      Unread: false,
      PatientId: null,
    });
    expect(thread.Messages).toHaveLength(1);
    expect(thread.Messages[0]).toMatchObject({ Own: true, AuthorEntityName: 'Zorgcentrum De Berk' });

    expect(await unread(pharmacist)).toBe(before + 1);
    expect(await unread(assistant)).toBe(assistantBefore + 1);
    expect((await threads(pharmacist)).find((r) => r.Id === thread.Id)).toMatchObject({
      Unread: true,
      FromEntityName: 'Zorgcentrum De Berk',
      ToGroupName: 'Dagdienst',
    });
    expect((await threads(pharmacist, '?filter=unread')).map((r) => r.Id)).toContain(thread.Id);

    // Opening the thread reads it for the pharmacist only.
    const opened = (await pharmacist.get(`/api/communication/threads/${thread.Id}`)).json<Thread>();
    expect(opened.Messages[0]).toMatchObject({ Own: false, Body: 'Kan de levering morgen vroeger?' });
    expect(await unread(pharmacist)).toBe(before);
    expect((await threads(pharmacist, '?filter=unread')).map((r) => r.Id)).not.toContain(thread.Id);
    expect(await unread(assistant)).toBe(assistantBefore + 1);

    // The answer lands in the same thread and is unread for the nurse.
    const nurseBefore = await unread(nurse);
    const answer = await pharmacist.post(`/api/communication/threads/${thread.Id}/messages`, {
      Body: 'Ja, om 8 uur.',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<Thread>().Messages.map((m) => m.Body)).toEqual([
      'Kan de levering morgen vroeger?',
      'Ja, om 8 uur.',
    ]);
    expect(await unread(nurse)).toBe(nurseBefore + 1);
    expect(await unread(pharmacist)).toBe(before);
    const seen = (await nurse.get(`/api/communication/threads/${thread.Id}`)).json<Thread>();
    expect(seen.Messages.map((m) => [m.Own, m.AuthorEntityName])).toEqual([
      [true, 'Zorgcentrum De Berk'],
      [false, 'Apotheek De Linde'],
    ]);
    expect(await unread(nurse)).toBe(nurseBefore);
  });

  it('an account outside the receiving group never sees the thread', async () => {
    await allowSend('verpleegkundige', deLindeNacht);
    const thread = (
      await write(nurse, { RecipientGroupId: deLindeNacht, Subject: 'Alleen nachtdienst' })
    ).json<Thread>();
    const before = await unread(pharmacist);
    expect((await threads(pharmacist)).map((r) => r.Id)).not.toContain(thread.Id);
    expect((await pharmacist.get(`/api/communication/threads/${thread.Id}`)).statusCode).toBe(404);
    expect(
      (await pharmacist.post(`/api/communication/threads/${thread.Id}/messages`, { Body: 'x' })).statusCode,
    ).toBe(404);
    expect(await unread(pharmacist)).toBe(before);
    // The GP practice is no party at all.
    expect((await gp.get(`/api/communication/threads/${thread.Id}`)).statusCode).toBe(404);
    const refused = (await auditRows(t, { objectType: 'message_thread', outcome: 'refused' })).filter(
      (r) => r.objectId === String(thread.Id),
    );
    expect(refused.length).toBe(3);
  });

  it('refuses a group of an organisation outside the network with 404, even when listed in GroupsSendTo', async () => {
    await allowSend('anker', deLindeDag);
    const res = await write(anker, { RecipientGroupId: deLindeDag });
    expect(res.statusCode).toBe(404);
    // A group the caller has no GroupsSendTo for: the same answer.
    expect(
      (await write(nurse, { RecipientGroupId: await groupOf('Apotheek Centrum', 'Dagdienst') })).statusCode,
    ).toBe(404);
    const refused = (await auditRows(t, { objectType: 'message_thread', outcome: 'refused' })).filter(
      (r) => r.objectId === String(deLindeDag),
    );
    expect(refused.length).toBeGreaterThanOrEqual(1);
  });

  it('a message about a patient needs both sides to see the patient, and every read is logged', async () => {
    // GP practice → pharmacy about a De Berk client: both serve De Berk.
    const res = await write(gp, {
      RecipientGroupId: deLindeDag,
      PatientId: deBerkPatient,
      Priority: 'high',
      Subject: 'Dosering aangepast',
    });
    expect(res.statusCode).toBe(201);
    const thread = res.json<Thread>();
    expect(thread).toMatchObject({ PatientId: deBerkPatient, Priority: 'high' });
    expect(thread.PatientName).toBeTruthy();
    expect((await threads(pharmacist, '?filter=patients')).map((r) => r.Id)).toContain(thread.Id);
    expect(
      (await threads(pharmacist, `?patientId=${deBerkPatient}`)).every((r) => r.PatientId === deBerkPatient),
    ).toBe(true);

    await pharmacist.get(`/api/communication/threads/${thread.Id}`);
    const reads = (await auditRows(t, { objectType: 'message_thread', outcome: 'success' })).filter(
      (r) => r.objectId === String(thread.Id) && r.action === 'R',
    );
    expect(reads).toHaveLength(1);
    expect(reads[0]!.patientId).toBe(deBerkPatient);
    const created = (await auditRows(t, { objectType: 'message_thread', outcome: 'success' })).filter(
      (r) => r.objectId === String(thread.Id) && r.action === 'C',
    );
    expect(created).toHaveLength(1);

    // A client of Het Anker: neither the nurse of De Berk nor the GP may write about it.
    const refusedBefore = (await auditRows(t, { objectType: 'patient', outcome: 'refused' })).length;
    expect((await write(nurse, { RecipientGroupId: deLindeDag, PatientId: ankerPatient })).statusCode).toBe(
      404,
    );
    expect((await write(gp, { RecipientGroupId: deLindeDag, PatientId: ankerPatient })).statusCode).toBe(404);
    expect((await auditRows(t, { objectType: 'patient', outcome: 'refused' })).length).toBe(
      refusedBefore + 2,
    );
  });

  it('answers 400 naming the field for bad input', async () => {
    const noSubject = await write(nurse, { RecipientGroupId: gpDag, Subject: '   ' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().Fields).toHaveProperty('Subject');
    const noRecipient = await nurse.post('/api/communication/threads', { Subject: 'x', Body: 'y' });
    expect(noRecipient.statusCode).toBe(400);
    expect(noRecipient.json().Fields).toHaveProperty('RecipientGroupId');
    const badPriority = await write(nurse, { RecipientGroupId: gpDag, Priority: 'spoed' });
    expect(badPriority.json().Fields).toHaveProperty('Priority');
    const longBody = await write(nurse, { RecipientGroupId: gpDag, Body: 'x'.repeat(5001) });
    expect(longBody.json().Fields).toHaveProperty('Body');
    const control = await write(nurse, { RecipientGroupId: gpDag, Subject: 'a\u0000b' });
    expect(control.json().Fields).toHaveProperty('Subject');
    const emptyAnswer = await nurse.post('/api/communication/threads/1/messages', { Body: '' });
    expect(emptyAnswer.json().Fields).toHaveProperty('Body');
    expect((await nurse.get('/api/communication/threads?filter=nope')).statusCode).toBe(400);
  });

  it('lets an administrator give GroupsSendTo in the network, and receiving only from own groups', async () => {
    const admin = await apiAs(t.app, 'beheerder');
    const target = await accountId('tweestaps');
    const put = (body: Record<string, unknown>) => admin.put(`/api/account/${target.id}`, body);
    expect((await put({ GroupsSendTo: [deLindeDag, gpDag] })).statusCode).toBe(200);
    const outside = await put({ GroupsSendTo: [await groupOf('Apotheek Centrum', 'Dagdienst')] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().Fields).toHaveProperty('GroupsSendTo');
    const foreignReceive = await put({ GroupsReceivesFrom: [deLindeDag] });
    expect(foreignReceive.statusCode).toBe(400);
    expect(foreignReceive.json().Fields).toHaveProperty('GroupsReceivesFrom');
  });

  it("offers the account form the network's groups to write to, named with their organisation", async () => {
    const admin = await apiAs(t.app, 'beheerder');
    const lookups = (await admin.get('/api/accounts/lookups')).json<AccountLookups>();
    const sendTo = new Map(lookups.SendToGroups.map((g) => [g.Id, g.Name]));
    expect(sendTo.get(deLindeDag)).toBe('Apotheek De Linde – Dagdienst');
    expect(sendTo.has(gpDag)).toBe(true);
    expect(sendTo.has(await groupOf('Apotheek Centrum', 'Dagdienst'))).toBe(false);
    // Receiving stays within the organisation's own groups.
    expect(lookups.Groups.map((g) => g.Id)).not.toContain(deLindeDag);
    for (const own of lookups.Groups) expect(sendTo.get(own.Id)).toBe(own.Name);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/communication/unread' });
    expect(res.statusCode).toBe(401);
  });
});
