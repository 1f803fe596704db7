import type { Person, PersonPage, TrashPage } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('persons: create, edit, delete, restore, purge', () => {
  let t: TestApp;
  let admin: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  it('creates and edits a person, each change in the log', async () => {
    const created = await admin.post('/api/person', newPersonBody('Aaltink'));
    expect(created.statusCode).toBe(201);
    const person = created.json<Person>();
    expect(person).toMatchObject({
      Deleted: false,
      DateOfBirth: '1950-03-14',
      Entity: admin.account.Person!.Entity,
    });

    const body = {
      ...newPersonBody('Aaltink'),
      NameInformation: {
        FirstNames: 'Jan',
        LastName: { Prefix: null, LastName: 'Aaltink' },
        LastNamePartner: { Prefix: 'van', LastName: 'Dam' },
      },
    };
    const edited = await admin.put(`/api/person/${person.Id}`, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Person>().NameInformation.LastNamePartner).toEqual({ Prefix: 'van', LastName: 'Dam' });

    const entries = await auditRows(t, { objectType: 'person', objectId: person.Id });
    expect(entries.map((e) => [e.action, e.outcome, e.username])).toEqual([
      ['C', 'success', 'beheerder'],
      ['U', 'success', 'beheerder'],
    ]);
  });

  it('refuses bad input with Dutch messages per field, and mass assignment', async () => {
    const res = await admin.post('/api/person', {
      NameInformation: { FirstNames: '', LastName: { LastName: 'X' } },
      DateOfBirth: '2999-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Fields).toMatchObject({
      'NameInformation.FirstNames': 'Vul de voornamen in.',
      DateOfBirth: 'De geboortedatum mag niet in de toekomst liggen.',
    });
    for (const extra of [{ Id: 1 }, { Entity: 99 }, { Deleted: true }]) {
      const sneaky = await admin.post('/api/person', { ...newPersonBody(), ...extra });
      expect(sneaky.statusCode).toBe(400);
    }
  });

  it('deletes (Deleted, inactive, account deactivated, sessions revoked), restores and purges', async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const personId = nurse.account.Person!.Id;
    const deleted = await admin.delete(`/api/person/${personId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Person>().Deleted).toBe(true);
    // The nurse's token died with the sessions; the account is inactive.
    expect((await nurse.get('/api/account')).statusCode).toBe(401);
    const [account] = await t.db.select().from(s.accounts).where(eq(s.accounts.personId, personId));
    expect(account!.active).toBe(false);

    const list = await admin.get('/api/personinfo?q=amrani');
    expect(list.json<PersonPage>().Total).toBe(0);
    const trash = (await admin.get('/api/trash')).json<TrashPage>();
    expect(trash.Rows[0]).toMatchObject({
      PersonId: personId,
      ScreenName: 'Fatima El Amrani',
      Username: 'verpleegkundige',
      DeletedBy: { Username: 'beheerder' },
    });

    const restored = await admin.post(`/api/trash/${personId}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await admin.get('/api/personinfo?q=amrani')).json<PersonPage>().Rows[0]).toMatchObject({
      Id: personId,
      Active: true,
      AccountActive: false,
    });

    await admin.delete(`/api/person/${personId}`);
    const wrongName = await admin.delete(`/api/trash/${personId}`, { ConfirmName: 'Fatima' });
    expect(wrongName.statusCode).toBe(422);
    expect(wrongName.json().Fields.ConfirmName).toMatch(/komt niet overeen/);
    const purged = await admin.delete(`/api/trash/${personId}`, {
      ConfirmName: ' Fatima  El Amrani ',
    });
    expect(purged.statusCode).toBe(204);

    const [row] = await t.db.select().from(s.persons).where(eq(s.persons.id, personId));
    expect(row).toMatchObject({ firstNames: '-', lastName: 'Verwijderd', dateOfBirth: null, avatar: null });
    const [gone] = await t.db.select().from(s.accounts).where(eq(s.accounts.personId, personId));
    expect(gone).toMatchObject({
      username: `verwijderd-${gone!.id}`,
      emailAddresses: [],
      employeeNumber: null,
    });
    // Only the demo world's own deleted person is left.
    const left = (await admin.get('/api/trash')).json<TrashPage>();
    expect(left.Total).toBe(1);
    expect(left.Rows.map((row) => row.PersonId)).not.toContain(personId);
    // The log keeps every entry about the person: delete, restore, delete, refused purge is not one, purge.
    const entries = await auditRows(t, { objectType: 'person', objectId: personId });
    expect(entries.map((e) => e.action)).toEqual(['D', 'U', 'D', 'D']);
  });

  it('refuses to delete the own person', async () => {
    const res = await admin.delete(`/api/person/${admin.account.Person!.Id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().Message).toBe('U kunt uzelf niet verwijderen.');
  });

  it('needs persons.write to change and trash.manage for the trash can', async () => {
    // Voorschrijver (persons.read) and Logboeklezer (log.read): reads persons and its own Logboek, changes nothing.
    const reader = await apiAs(t.app, 'huisarts');
    expect((await reader.get('/api/personinfo')).statusCode).toBe(200);
    expect((await reader.post('/api/person', newPersonBody())).statusCode).toBe(403);
    expect((await reader.delete('/api/person/1')).statusCode).toBe(403);
    expect((await reader.get('/api/trash')).statusCode).toBe(403);
    expect((await reader.get('/api/log')).statusCode).toBe(200);
    const link = { Username: 'nieuwtje', EmailAddress: ['n@zorg.example'] };
    expect((await reader.post('/api/account/link/1', link)).statusCode).toBe(403);
  });
});
