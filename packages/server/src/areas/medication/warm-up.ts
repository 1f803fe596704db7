import type { FastifyInstance } from 'fastify';
import type { WarmUpStep } from '../../platform/warm-up.ts';
import { organisationDepartments } from './departments.ts';
import { organisationsWithClients } from './queries/departments.ts';

/**
 * At most this many organisations: each keeps two memos (scope, departments) of the caller cache's 10,000, and the
 * country has about 1,000 care centres with wards.
 */
const MAX_ORGANISATIONS = 2_000;

/**
 * What every client-data request of an organisation reads first, kept before the instance listens: its scope, its
 * departments and its settings (time window, sound), one care centre per run. Without it, each care centre's first
 * tablet on an instance read all three, and at a round's start (or after a restart) every care centre's tablets
 * meet the instance within seconds. Reads only; no audit entry (nobody sees anything).
 */
export function organisationsWarmUp(app: Pick<FastifyInstance, 'db' | 'callerCache'>): WarmUpStep {
  let organisations: Promise<number[]> | undefined;
  return async (db, _now, turn) => {
    organisations ??= organisationsWithClients(db, MAX_ORGANISATIONS);
    const entityId = (await organisations)[turn];
    if (entityId === undefined) return 'done';
    await Promise.all([organisationDepartments(app, entityId), app.callerCache.entitySettings(entityId)]);
  };
}
