import type { Permission } from '@zorgportaal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/client.ts';
import { networkLinks } from './db/schema/organisations.ts';
import type { Caller } from './types.ts';
import { forbidden } from './errors.ts';

/**
 * The one tenant-scope module (security.md, tenant isolation). A caller works in its own organisation
 * (entity) and reaches another organisation only through an active network link of a given role:
 * a pharmacy `supplies` a care centre, a `gp` or `anticoagulation` service is linked to it.
 */
export const NETWORK_ROLES = ['supplies', 'gp', 'anticoagulation'] as const;
export type NetworkRole = (typeof NETWORK_ROLES)[number];
/** The links through which clients are visible by default: the supplying pharmacy and the GP practice. */
export const PATIENT_ROLES: readonly NetworkRole[] = ['supplies', 'gp'];

/** The authenticated caller; the auth hook guarantees it on every /api route. */
export const callerOf = (request: FastifyRequest): Caller => request.caller!;

/** preHandler: 403 unless the caller holds at least one of the permissions. */
export const requireAnyPermission =
  (...permissions: Permission[]) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!permissions.some((permission) => request.caller?.permissions.has(permission))) throw forbidden();
  };

/** The organisations `entityId` reaches through its active outgoing network links of the given roles. */
export async function linkedEntityIds(
  db: Db,
  entityId: number,
  roles: readonly NetworkRole[],
): Promise<number[]> {
  if (roles.length === 0) return [];
  const links = await db
    .select({ id: networkLinks.toEntityId })
    .from(networkLinks)
    .where(
      and(
        eq(networkLinks.fromEntityId, entityId),
        inArray(networkLinks.role, [...roles]),
        eq(networkLinks.active, true),
      ),
    );
  return [...new Set(links.map((l) => l.id))];
}

/**
 * The organisations whose data the caller may see: its own, and those it reaches through an active
 * network link of one of `roles` (by default: the care centres a pharmacy supplies). Nobody else.
 */
export async function visibleEntityIds(
  db: Db,
  caller: Caller,
  roles: readonly NetworkRole[] = PATIENT_ROLES,
): Promise<Scope> {
  return entityScope(db, caller.entityId, roles);
}

/**
 * A scope: the visible organisations' ids. An organisation reached only as the `gp` carries a limit: there
 * the caller sees only the clients whose prescriber organisation is the caller (domain.md, VP). Every
 * patient-bound query filters with `inPatientScope` (SQL) or `patientInScope` (a loaded client), so the
 * limit holds for medication, administration, eTDR, VP and communication alike.
 */
export type Scope = number[] & { readonly prescriber?: PrescriberLimit };
export interface PrescriberLimit {
  /** The caller's organisation: the prescriber the clients must have. */
  entityId: number;
  /** The care centres reached only through a `gp` link. */
  entities: number[];
}

/**
 * The organisations whose clients an organisation may see: its own, the care centres a pharmacy
 * supplies and those a GP practice is the GP for (only its own clients there). Also for an organisation
 * that is not the caller (both sides of a message about a client must see the client).
 */
export async function entityScope(
  db: Db,
  entityId: number,
  roles: readonly NetworkRole[] = PATIENT_ROLES,
): Promise<Scope> {
  const full = await linkedEntityIds(
    db,
    entityId,
    roles.filter((role) => role !== 'gp'),
  );
  const gp = roles.includes('gp') ? await linkedEntityIds(db, entityId, ['gp']) : [];
  const gpOnly = gp.filter((id) => id !== entityId && !full.includes(id));
  const ids = [...new Set([entityId, ...full, ...gpOnly])];
  return gpOnly.length ? Object.assign(ids, { prescriber: { entityId, entities: gpOnly } }) : ids;
}

/** The organisations whose whole client list (wards, departments) the scope shows: not those reached as GP. */
export const fullEntities = (scope: Scope): number[] =>
  scope.prescriber ? scope.filter((id) => !scope.prescriber!.entities.includes(id)) : [...scope];

/** A loaded client is in scope (the rule `inPatientScope` of the medication area writes in SQL). */
export function patientInScope(
  scope: Scope,
  patient: { EntityId: number; PrescriberEntityId: number | null },
): boolean {
  if (!scope.includes(patient.EntityId)) return false;
  const limit = scope.prescriber;
  if (!limit || !limit.entities.includes(patient.EntityId)) return true;
  return patient.PrescriberEntityId === limit.entityId;
}

const SCOPE_CACHE = Symbol('scope');
type ScopeCache = Map<string, Promise<Scope>>;

/** The visible entities of the request's caller for `roles`, computed once per request. */
export function scopeOf(
  request: FastifyRequest,
  roles: readonly NetworkRole[] = PATIENT_ROLES,
): Promise<Scope> {
  const holder = request as unknown as { [SCOPE_CACHE]?: ScopeCache };
  const cache = (holder[SCOPE_CACHE] ??= new Map());
  const key = [...roles].sort().join(',');
  let scope = cache.get(key);
  if (!scope) {
    scope = visibleEntityIds(request.server.db, request.caller!, roles);
    cache.set(key, scope);
  }
  return scope;
}
