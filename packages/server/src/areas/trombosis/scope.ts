import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { linkedEntityIds, requireAnyPermission, visibleEntityIds, type Scope } from '../../platform/scope.ts';
import type { Caller } from '../../platform/types.ts';

/**
 * Who sees and who changes trombosis data. The trombosis service reads and writes for the care centres it
 * serves through an active `anticoagulation` network link; care centre staff (their own patients) and the
 * pharmacy supplying them (`supplies`) read with medication.read, and so does a GP practice for its own clients
 * at the care centres it is the GP for (`gp`, the prescriber limit of platform/scope.ts). Nobody else sees anything.
 */
export interface TrombosisScope {
  read: Scope;
  write: number[];
}

export async function trombosisScope(db: Db, caller: Caller): Promise<TrombosisScope> {
  const served = caller.permissions.has('trombosis.read')
    ? await linkedEntityIds(db, caller.entityId, ['anticoagulation'])
    : [];
  const medication: Scope = caller.permissions.has('medication.read')
    ? await visibleEntityIds(db, caller, ['supplies', 'gp'])
    : [];
  const ids = [...new Set([...served, ...medication])];
  // A centre the service serves is seen whole; elsewhere a GP sees only the clients it prescribes for.
  const gpOnly = medication.prescriber?.entities.filter((id) => !served.includes(id)) ?? [];
  return {
    read: gpOnly.length
      ? Object.assign(ids, { prescriber: { entityId: caller.entityId, entities: gpOnly } })
      : ids,
    write: caller.permissions.has('trombosis.write') ? served : [],
  };
}

/** The scope of the request's caller, computed once per request. */
export async function trombosisScopeOf(request: FastifyRequest): Promise<TrombosisScope> {
  const holder = request as { trombosisScope?: TrombosisScope };
  holder.trombosisScope ??= await trombosisScope(request.server.db, request.caller!);
  return holder.trombosisScope;
}

/** preHandler: reading trombosis data needs trombosis.read or medication.read (403 otherwise). */
export const requireTrombosisRead = requireAnyPermission('trombosis.read', 'medication.read');
