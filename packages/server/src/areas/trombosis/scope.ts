import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { linkedEntityIds, requireAnyPermission, visibleEntityIds } from '../../platform/scope.ts';
import type { Caller } from '../../platform/types.ts';

/**
 * Who sees and who changes trombosis data. The trombosis service reads and writes for the care centres it
 * serves through an active `anticoagulation` network link; care centre staff (their own patients) and the
 * pharmacy supplying them (`supplies`) read with medication.read. Nobody else sees anything.
 */
export interface TrombosisScope {
  read: number[];
  write: number[];
}

export async function trombosisScope(db: Db, caller: Caller): Promise<TrombosisScope> {
  const served = caller.permissions.has('trombosis.read')
    ? await linkedEntityIds(db, caller.entityId, ['anticoagulation'])
    : [];
  // Only the supplying pharmacy: a GP practice sees its clients' medication, not their trombosis data.
  const medication = caller.permissions.has('medication.read')
    ? await visibleEntityIds(db, caller, ['supplies'])
    : [];
  return {
    read: [...new Set([...served, ...medication])],
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
