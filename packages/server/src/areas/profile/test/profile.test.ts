import { AVATAR_MAX_BYTES, type Profile } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const png = async (width: number) =>
  `data:image/png;base64,${(await QRCode.toBuffer('profiel', { width })).toString('base64')}`;

describe('own profile and avatar', () => {
  it('reads and updates the name, date of birth and e-mail addresses', async () => {
    const me = await login(t.app, 'verpleegkundige');
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(me.access_token), ...(payload ? { payload } : {}) });
    const got = await call('GET', '/api/account/profile');
    expect(got.statusCode).toBe(200);
    const profile = got.json<Profile>();
    expect(profile).toMatchObject({
      NameInformation: { FirstNames: 'Fatima', LastName: { LastName: 'El Amrani' } },
      EmailAddress: ['verpleegkundige@zorgportaal.example'],
      Avatar: null,
    });

    const update = {
      NameInformation: {
        FirstNames: 'Fatima Zahra',
        LastName: { Prefix: null, LastName: 'El Amrani' },
        LastNamePartner: { Prefix: 'de', LastName: 'Boer' },
      },
      DateOfBirth: '1988-04-12',
      EmailAddress: ['f.elamrani@zorgportaal.example', 'F.ElAmrani@zorgportaal.example', 'prive@example.org'],
    };
    const bad = await call('PUT', '/api/account/profile', { ...update, EmailAddress: ['geen-adres'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Fields: { 'EmailAddress.0': expect.any(String) } });
    // Fields the profile does not have are refused by name, not silently dropped.
    const extra = await call('PUT', '/api/account/profile', { ...update, Id: 1, Entity: 99 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ Fields: { Id: expect.any(String), Entity: expect.any(String) } });
    // The addresses change, so the step-up (current password) goes with it.
    const saved = await call('PUT', '/api/account/profile', { ...update, current_password: DEMO_PASSWORD });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      PersonId: profile.PersonId,
      NameInformation: update.NameInformation,
      DateOfBirth: '1988-04-12',
      EmailAddress: ['f.elamrani@zorgportaal.example', 'prive@example.org'],
    });
    const audit = await auditRows(t, { objectType: 'person', objectId: profile.PersonId });
    expect(audit.map((a) => a.action).sort()).toEqual(['R', 'U']);
  });

  it('stores an avatar checked by content and serves it within the organisation only', async () => {
    const me = await login(t.app, 'beheerder');
    const put = (Avatar: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/profile/avatar',
        headers: bearer(me.access_token),
        payload: { Avatar },
      });
    const personId = me.Account.Person!.Id;

    const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');
    const mismatch = await put(`data:image/png;base64,${jpegBytes}`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ Fields: { Avatar: expect.any(String) } });
    expect((await put(await png(400))).statusCode).toBe(400);
    const header = (await QRCode.toBuffer('x', { width: 32 })).subarray(0, 33);
    const huge = `data:image/png;base64,${Buffer.concat([header, Buffer.alloc(AVATAR_MAX_BYTES)]).toString('base64')}`;
    expect((await put(huge)).statusCode).toBe(413);
    expect((await put('data:image/svg+xml;base64,PHN2Zz4=')).statusCode).toBe(400);

    const avatar = await png(128);
    const ok = await put(avatar);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: avatar });
    const get = (id: number, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/person/avatar/${id}`, headers: bearer(token) });
    expect((await get(personId, me.access_token)).json()).toEqual({ data: avatar });
    const colleague = await login(t.app, 'verpleegkundige');
    expect((await get(personId, colleague.access_token)).json()).toEqual({ data: avatar });
    const outsider = await login(t.app, 'anker');
    expect((await get(personId, outsider.access_token)).statusCode).toBe(404);
    expect((await get(999_999, me.access_token)).statusCode).toBe(404);

    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, 'anker'));
    const denied = await auditRows(t, { objectType: 'person_avatar', userId: row!.id });
    expect(denied.map((a) => a.outcome)).toEqual(['refused']);
  });
});
