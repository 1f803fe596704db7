import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import * as s from '../../src/schema.ts';
import { bearer, login } from './login.ts';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A logged-in API client for the management tests: `call('PUT', '/api/person/3', body)`. */
export async function apiAs(app: FastifyInstance, username: string) {
  const { access_token, Account } = await login(app, username);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(access_token),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return { call, token: access_token, account: Account };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** A live client person (no account) of the entity. */
export async function aClientOf(t: TestApp, entityId: number) {
  const [row] = await t.db
    .select()
    .from(s.persons)
    .where(
      and(
        eq(s.persons.entityId, entityId),
        eq(s.persons.deleted, false),
        sql`not exists (select 1 from accounts a where a.person_id = ${s.persons.id})`,
      ),
    )
    .orderBy(s.persons.id)
    .limit(1);
  return row!;
}

/** Audit entries about an object, oldest first. */
export async function auditOf(t: TestApp, objectType: string, objectId: number | string) {
  return t.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.objectType, objectType), eq(s.auditLog.objectId, String(objectId))))
    .orderBy(s.auditLog.id);
}

export const newPersonBody = (lastName = 'Testpersoon') => ({
  NameInformation: { FirstNames: 'Jan Willem', LastName: { Prefix: 'de', LastName: lastName } },
  DateOfBirth: '1950-03-14',
  CustomerName: null,
});
