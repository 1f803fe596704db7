import type { PersonPage } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** A generated person as the list should order it. Names are plain ASCII, so no collation question. */
interface Generated {
  id: number;
  lastName: string;
  firstNames: string;
  dateOfBirth: string | null;
  username: string | null;
  lastLogin: Date | null;
}

const SORTS = ['name', 'dateOfBirth', 'username', 'lastLogin'] as const;
const LAST = ['Aalders', 'berg', 'Berg', 'Bos', 'visser', 'Visser'];
const FIRST = ['Keyset anna', 'Keyset Bram', 'Keyset bram', 'Keyset cor'];
const COUNT = 230;

type Key = string | number | null;
/** Compares key lists the way the list's ORDER BY does: each key in `dir`, null keys last either way. */
function compareKeys(a: Key[], b: Key[], dir: 'asc' | 'desc'): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
  }
  return 0;
}

function expectedOrder(rows: Generated[], sort: (typeof SORTS)[number], dir: 'asc' | 'desc'): number[] {
  const byName = (r: Generated): Key[] => [r.lastName.toLowerCase(), r.firstNames.toLowerCase(), r.id];
  const keys = (r: Generated): Key[] => {
    if (sort === 'dateOfBirth') return [r.dateOfBirth, r.id];
    if (sort === 'username') return [r.username?.toLowerCase() ?? null, ...byName(r)];
    if (sort === 'lastLogin') return [r.lastLogin?.getTime() ?? null, ...byName(r)];
    return byName(r);
  };
  return [...rows].sort((a, b) => compareKeys(keys(a), keys(b), dir)).map((r) => r.id);
}

describe('person list: deep pages', () => {
  let t: TestApp;
  let admin: Api;
  const live: Generated[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
    const entityId = await entityIdOf(t, 'De Berk');
    // Ties on purpose: names that differ only in case, shared birth dates and login times, missing values.
    const persons = await t.db
      .insert(s.persons)
      .values(
        Array.from({ length: COUNT }, (_, n) => ({
          entityId,
          firstNames: FIRST[(n * 3) % FIRST.length]!,
          lastName: LAST[n % LAST.length]!,
          dateOfBirth: n % 9 === 0 ? null : `19${50 + (n % 13)}-0${1 + (n % 7)}-1${n % 5}`,
          deleted: n % 11 === 0,
        })),
      )
      .returning();
    for (const [n, person] of persons.entries()) {
      const hasAccount = n % 4 === 0;
      const username = hasAccount ? (n % 8 === 0 ? `KsUser${n}` : `ksuser${n}`) : null;
      const lastLogin = hasAccount && n % 3 !== 0 ? new Date(Date.UTC(2026, 0, 1 + (n % 6))) : null;
      if (username)
        await t.db
          .insert(s.accounts)
          .values({ entityId, personId: person.id, username, passwordHash: 'x', lastLogin });
      // A deleted account does not count: the person sorts as one without an account.
      if (n % 10 === 5)
        await t.db.insert(s.accounts).values({
          entityId,
          personId: person.id,
          username: `gone${n}`,
          passwordHash: 'x',
          lastLogin: new Date(Date.UTC(2020, 0, 1)),
          deleted: true,
        });
      if (!person.deleted) live.push({ ...person, username, lastLogin: username ? lastLogin : null });
    }
  });
  afterAll(() => t.close());

  for (const sort of SORTS)
    for (const dir of ['asc', 'desc'] as const)
      it(`returns every row once, in order, page by page (sort=${sort}, dir=${dir})`, async () => {
        const expected = expectedOrder(live, sort, dir);
        const pageSize = 7;
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page++) {
          const res = await admin.get(
            `/api/personinfo?q=keyset&sort=${sort}&dir=${dir}&page=${page}&pageSize=${pageSize}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<PersonPage>();
          expect(body).toMatchObject({
            Total: expected.length,
            TotalExact: true,
            Page: page,
            PageSize: pageSize,
          });
          // Each page is exactly its slice of the full order, rows complete (not only ids).
          expect(body.Rows.map((r) => r.Id)).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
          for (const row of body.Rows) {
            const person = live.find((p) => p.id === row.Id)!;
            expect(row).toMatchObject({
              NameInformation: { FirstNames: person.firstNames, LastName: { LastName: person.lastName } },
              DateOfBirth: person.dateOfBirth,
              Username: person.username,
            });
          }
          seen.push(...body.Rows.map((r) => r.Id));
        }
        expect(seen).toEqual(expected);
      });

  it('reads a deep page of the default order the same as one full read', async () => {
    const full = (await admin.get('/api/personinfo?q=keyset&pageSize=100&page=2')).json<PersonPage>();
    const deep = (await admin.get('/api/personinfo?q=keyset&pageSize=10&page=15')).json<PersonPage>();
    expect(deep.Rows.map((r) => r.Id)).toEqual(full.Rows.slice(40, 50).map((r) => r.Id));
    expect(deep.Rows).toEqual(full.Rows.slice(40, 50));
  });
});
