import { describe, expect, it } from 'vitest';
import {
  accountLinkBodySchema,
  accountUpdateBodySchema,
  isCalendarDate,
  logQuerySchema,
  personBodySchema,
  personListQuerySchema,
} from './index.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('persons and accounts contract', () => {
  it('validates a person with Dutch messages, and refuses Id, Entity and Deleted', () => {
    const result = personBodySchema.safeParse({
      NameInformation: { FirstNames: ' ', LastName: { LastName: 'Jansen' } },
      DateOfBirth: '2024-02-30',
      Deleted: true,
    });
    expect(messages(result)).toMatchObject({
      'NameInformation.FirstNames': 'Vul de voornamen in.',
      DateOfBirth: 'Vul een bestaande datum in.',
    });
    expect(result.error!.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
    const ok = personBodySchema.parse({
      NameInformation: { FirstNames: 'Jan', LastName: { Prefix: '', LastName: 'Berg' } },
      DateOfBirth: '1950-01-31',
    });
    expect(ok.NameInformation.LastName.Prefix).toBeNull();
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('31-01-2024')).toBe(false);
  });

  it('gives an account link defaults and no way to set a password', () => {
    const body = accountLinkBodySchema.parse({ Username: 'jdevries', EmailAddress: ['j@zorg.example'] });
    expect(body).toMatchObject({ RoleIds: [], TeamIds: [], AccountSubscription: [{ ProductId: 1 }] });
    const withPassword = accountLinkBodySchema.safeParse({ ...body, Password: 'x' });
    expect(withPassword.success).toBe(false);
    expect(messages(accountLinkBodySchema.safeParse({ Username: 'j', EmailAddress: [] }))).toMatchObject({
      Username: 'De gebruikersnaam moet minimaal 3 tekens zijn.',
      EmailAddress: 'Vul minimaal één e-mailadres in.',
    });
    expect(accountUpdateBodySchema.parse({ Active: false })).toEqual({ Active: false });
  });

  it('parses list and log queries from query strings', () => {
    expect(personListQuerySchema.parse({ active: 'false', page: '3' })).toMatchObject({
      active: false,
      page: 3,
      pageSize: 25,
      sort: 'name',
      dir: 'asc',
    });
    expect(logQuerySchema.safeParse({ from: 'gisteren' }).success).toBe(false);
    expect(logQuerySchema.parse({ from: '2025-01-01', userId: '7' })).toMatchObject({ userId: 7, limit: 50 });
  });
});
