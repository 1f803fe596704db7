import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { dayBounds, localDate } from '../../platform/time.ts';
import type { TileDefinition } from './tile.ts';

const first = async (rows: Promise<{ n: number }[]>): Promise<number> => (await rows)[0]?.n ?? 0;

/** Login events of today (Dutch day) in the entity; `success` or everything else. */
const loginsToday = (db: Db, entityId: number, success: boolean) =>
  first(
    db
      .select({ n: count() })
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.entityId, entityId),
          gte(t.auditLog.eventAt, dayBounds(localDate(new Date())).start),
          eq(t.auditLog.objectType, AUDIT_OBJECTS.login),
          success ? eq(t.auditLog.outcome, 'success') : ne(t.auditLog.outcome, 'success'),
        ),
      ),
  );

/** Staff figures: persons and active accounts for who manages persons; logins today for the log reader. */
export const PERSON_TILES: TileDefinition[] = [
  {
    key: 'persons',
    anyOf: ['persons.write'],
    link: '/management/persons',
    value: (db, caller) =>
      first(
        db
          .select({ n: count() })
          .from(t.persons)
          .where(and(eq(t.persons.entityId, caller.entityId), sql`not ${t.persons.deleted}`)),
      ),
  },
  {
    key: 'activeAccounts',
    anyOf: ['persons.write'],
    link: '/management/persons',
    value: (db, caller) =>
      first(
        db
          .select({ n: count() })
          .from(t.accounts)
          .where(
            and(
              eq(t.accounts.entityId, caller.entityId),
              eq(t.accounts.active, true),
              eq(t.accounts.deleted, false),
            ),
          ),
      ),
  },
  {
    key: 'loginsToday',
    anyOf: ['log.read'],
    link: '/management/log',
    value: (db, caller) => loginsToday(db, caller.entityId, true),
  },
  {
    key: 'failedLoginsToday',
    anyOf: ['log.read'],
    link: '/management/log',
    value: (db, caller) => loginsToday(db, caller.entityId, false),
  },
];
