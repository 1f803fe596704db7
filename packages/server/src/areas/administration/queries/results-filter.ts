import { type ResultsQuery, resultsQuerySchema } from '@zorgportaal/contract';
import { and, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import * as t from '../tables.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { isEffective } from './day-list.ts';
import { WITHDRAWN_STATUS } from '../rules.ts';
import { addDays, dayBounds, localDate } from '../../../platform/time.ts';

export interface ResultsFilter {
  from: string;
  to: string;
  where: SQL;
}

/**
 * The WHERE of the results overview and its export: the visible entities, the period in local days
 * (inclusive; default the last seven days), the optional filters, and only effective registrations
 * that are not withdrawn: an undone ('cancelled') registration is no registration (rules.ts, isWithdrawn).
 */
export function resultsFilter(query: ResultsQuery, scope: Scope, now = new Date()): ResultsFilter {
  const q = resultsQuerySchema.parse(query);
  const to = q.to ?? localDate(now);
  const from = q.from ?? addDays(to, -6);
  const a = t.administrations;
  const conditions: SQL[] = [
    inPatientScope(scope, a.entityId, a.patientId),
    gte(a.momentAt, dayBounds(from).start),
    lt(a.momentAt, dayBounds(to).end),
    isEffective,
    ne(a.status, WITHDRAWN_STATUS),
  ];
  if (q.departmentId) conditions.push(eq(a.departmentId, q.departmentId));
  if (q.patientId) conditions.push(eq(a.patientId, q.patientId));
  if (q.medicationId) conditions.push(eq(a.medicationId, q.medicationId));
  if (q.status) conditions.push(eq(a.status, q.status));
  return { from, to, where: and(...conditions)! };
}
