import { and, eq } from 'drizzle-orm';
import * as s from '../../src/schema.ts';
import type { TestApp } from './test-app.ts';

type AuditRow = typeof s.auditLog.$inferSelect;
type Column = 'objectType' | 'outcome' | 'action' | 'userId' | 'username' | 'ip' | 'entityId';
type AuditFilter = { [K in Column]?: NonNullable<AuditRow[K]> } & { objectId?: number | string };

/** The audit rows matching every given field, oldest first: `auditRows(t, { objectType: 'order', outcome: 'refused' })`. */
export async function auditRows(t: TestApp, filter: AuditFilter): Promise<AuditRow[]> {
  const { objectId, ...fields } = filter;
  const conditions = Object.entries(fields).map(([column, value]) =>
    eq(s.auditLog[column as Column], value as string | number),
  );
  if (objectId !== undefined) conditions.push(eq(s.auditLog.objectId, String(objectId)));
  return t.db
    .select()
    .from(s.auditLog)
    .where(and(...conditions))
    .orderBy(s.auditLog.id);
}
