import { RUNNABLE_INTEGRATION_TYPES } from '@zorgportaal/contract';
import { and, asc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import type { IntegrationRow } from './integrations.ts';

const i = t.integrations;

/**
 * Claims the integration whose scheduled run is most overdue, if any: one statement that moves its
 * `next_run_at` one interval past `now` and returns it. The row is picked `for update skip locked`, so two
 * instances on one PostgreSQL never claim the same run: the second skips the locked row, or (once the first
 * has committed) finds it no longer due. Only active, runnable, scheduled integrations are due.
 */
export async function claimDueIntegration(db: Db, now: Date): Promise<IntegrationRow | undefined> {
  const due = db
    .select({ id: i.id })
    .from(i)
    .where(
      and(
        eq(i.active, true),
        ne(i.schedule, 'manual'),
        inArray(i.type, [...RUNNABLE_INTEGRATION_TYPES]),
        isNotNull(i.nextRunAt),
        lte(i.nextRunAt, now),
      ),
    )
    .orderBy(asc(i.nextRunAt), asc(i.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const at = now.toISOString();
  const [row] = await db
    .update(i)
    .set({
      nextRunAt: sql`${at}::timestamptz + case ${i.schedule} when 'hourly' then interval '1 hour' else interval '1 day' end`,
    })
    .where(eq(i.id, sql`(${due})`))
    .returning();
  return row;
}

/** The organisation's type (for the caller an integration writes as). */
export async function entityTypeOf(db: Db, entityId: number) {
  const [row] = await db
    .select({ type: t.entities.type })
    .from(t.entities)
    .where(eq(t.entities.id, entityId));
  return row?.type;
}
