import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import {
  callerOf,
  patientReadScope,
  patientReadScopeOf,
  type PatientReadScope,
  requireAnyPermission,
  type Scope,
} from '../../platform/scope.ts';
import type { Caller } from '../../platform/types.ts';

/**
 * Who sees and who changes trombosis data. Reading is the platform's patient read scope: the trombosis
 * service for the care centres it serves through an active `anticoagulation` network link; care centre
 * staff (their own patients) and the pharmacy supplying them with medication.read, and so does a GP practice
 * for its own clients at the care centres it is the GP for (the prescriber limit). Nobody else sees anything.
 * It differs from every other area's scope only in writing: only the serving service changes INR data.
 */
export interface TrombosisScope {
  read: Scope;
  write: number[];
}

const withWrite = (caller: Caller, { read, served }: PatientReadScope): TrombosisScope => ({
  read,
  write: caller.permissions.has('trombosis.write') ? served : [],
});

/** The trombosis scope of a caller without a request (landing tiles). */
export const trombosisScope = async (db: Db, caller: Caller): Promise<TrombosisScope> =>
  withWrite(caller, await patientReadScope(db, caller));

/** The trombosis scope of the request's caller, computed once per request. */
export const trombosisScopeOf = async (request: FastifyRequest): Promise<TrombosisScope> =>
  withWrite(callerOf(request), await patientReadScopeOf(request));

/** preHandler: reading trombosis data needs trombosis.read or medication.read (403 otherwise). */
export const requireTrombosisRead = requireAnyPermission('trombosis.read', 'medication.read');
