import type { Person, PersonDetail, Profile } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from './helpers/api.ts';
import { newPersonBody } from './helpers/persons.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** An impossible or unreadable date of birth is a 400 on that field; the stored date stays. */
describe('a date of birth that is no date never erases the stored one', () => {
  let t: TestApp;
  let admin: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  const unreadable = ['31-02-1949', '1949-02-31', '2023-02-29', '', 'onbekend'];

  it('refuses it on PUT /api/person/{id} and keeps the stored date', async () => {
    const created = await admin.post('/api/person', newPersonBody('Datumtest'));
    const person = created.json<Person>();
    expect(person.DateOfBirth).toBe('1950-03-14');
    for (const DateOfBirth of unreadable) {
      const res = await admin.put(`/api/person/${person.Id}`, {
        ...newPersonBody('Datumtest'),
        DateOfBirth,
      });
      expect(res.statusCode, DateOfBirth).toBe(400);
      expect(res.json().Fields).toHaveProperty('DateOfBirth');
    }
    const stored = await admin.get(`/api/person/${person.Id}`);
    expect(stored.json<PersonDetail>().Person.DateOfBirth).toBe('1950-03-14');
  });

  it('refuses it on POST /api/person', async () => {
    const res = await admin.post('/api/person', {
      ...newPersonBody('Datumtest'),
      DateOfBirth: '1949-02-31',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Fields).toHaveProperty('DateOfBirth');
  });

  it('refuses it on PUT /api/account/profile and keeps the stored date', async () => {
    const me = await apiAs(t.app, 'verpleegkundige');
    const profile = (await me.get('/api/account/profile')).json<Profile>();
    const body = {
      NameInformation: profile.NameInformation,
      DateOfBirth: '1988-04-12',
      EmailAddress: profile.EmailAddress,
    };
    expect((await me.put('/api/account/profile', body)).statusCode).toBe(200);
    for (const DateOfBirth of unreadable) {
      const res = await me.put('/api/account/profile', { ...body, DateOfBirth });
      expect(res.statusCode, DateOfBirth).toBe(400);
      expect(res.json().Fields).toHaveProperty('DateOfBirth');
    }
    const stored = (await me.get('/api/account/profile')).json<Profile>();
    expect(stored.DateOfBirth).toBe('1988-04-12');
  });
});
