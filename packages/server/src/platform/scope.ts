import type { Permission } from '@zorgportaal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * supplies and those a GP practice is the GP for (only its own clients there). For the request's caller
 * use `scopeOf` (computed once per request); this is for an organisation that is not the caller (both
 * sides of a message about a client must see the client) or where there is no request (landing tiles).
 */
export async function entityScope(
  db: Db,
  entityId: number,
  roles: readonly NetworkRole[] = PATIENT_ROLES,
): Promise<Scope> {
  // One query for every role (it runs for each request that reads client data); split by role here.
  const links =
    roles.length === 0
      ? []
      : await db
          .select({ id: networkLinks.toEntityId, role: networkLinks.role })
          .from(networkLinks)
          .where(
            and(
              eq(networkLinks.fromEntityId, entityId),
              inArray(networkLinks.role, [...roles]),
              eq(networkLinks.active, true),
            ),
          );
  const full = [...new Set(links.filter((l) => l.role !== 'gp').map((l) => l.id))];
  const gp = [...new Set(links.filter((l) => l.role === 'gp').map((l) => l.id))];
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

/**
 * The caller's scope: the organisations whose data the request's caller may see, its own and those it
 * reaches through an active network link of one of `roles` (by default its clients' care centres:
 * supplied, or GP for). Kept per organisation in the caller cache until a network link or an organisation
 * changes (`forgetNetwork`, `forgetEntity`, or a reconnect of the event listener); frozen, as it is shared.
 */
export function scopeOf(
  request: FastifyRequest,
  roles: readonly NetworkRole[] = PATIENT_ROLES,
): Promise<Scope> {
  const holder = request as unknown as { [SCOPE_CACHE]?: ScopeCache };
  const cache = (holder[SCOPE_CACHE] ??= new Map());
  const key = [...roles].sort().join(',');
  let scope = cache.get(key);
  if (!scope) {
    scope = keptEntityScope(request.server, callerOf(request).entityId, roles);
    cache.set(key, scope);
  }
  return scope;
}

/**
 * An organisation's scope as the caller cache keeps it (the memo `scopeOf` reads): for what has no request, such
 * as a start's warm-up, which fills it for every care centre before the first tablet asks.
 */
export function keptEntityScope(
  server: Pick<FastifyInstance, 'db' | 'callerCache'>,
  entityId: number,
  roles: readonly NetworkRole[] = PATIENT_ROLES,
): Promise<Scope> {
  const key = [...roles].sort().join(',');
  return server.callerCache.entityMemo(
    entityId,
    `scope:${key}`,
    async () => Object.freeze(await entityScope(server.db, entityId, roles)) as Scope,
  );
}

/**
 * Whose clients the caller may read as such (the client list, one client, their INR data), which is more
 * than whose medication: `read` is the caller's scope (with medication.read) plus, with trombosis.read, the
 * care centres its organisation serves through an active `anticoagulation` link, seen whole (no GP limit
 * there). `served` are those centres: where a trombosis service may also write.
 */
export interface PatientReadScope {
  read: Scope;
  served: number[];
}

/** The patient read scope of a caller without a request (landing tiles); `medication` is its scope. */
export async function patientReadScope(
  db: Db,
  caller: Caller,
  medication: () => Promise<Scope> = () => entityScope(db, caller.entityId),
  anticoagulation: () => Promise<number[]> = () => linkedEntityIds(db, caller.entityId, ['anticoagulation']),
): Promise<PatientReadScope> {
  const served = caller.permissions.has('trombosis.read') ? await anticoagulation() : [];
  const own: Scope = caller.permissions.has('medication.read') ? await medication() : [];
  const ids = [...new Set([...own, ...served])];
  const limited = own.prescriber?.entities.filter((id) => !served.includes(id)) ?? [];
  const read = limited.length
    ? Object.assign(ids, { prescriber: { entityId: caller.entityId, entities: limited } })
    : ids;
  return { read, served };
}

const READ_SCOPE_CACHE = Symbol('patientReadScope');

/** The caller's patient read scope, computed once per request from the caller cache's memos (sharing `scopeOf`'s). */
export function patientReadScopeOf(request: FastifyRequest): Promise<PatientReadScope> {
  const holder = request as unknown as { [READ_SCOPE_CACHE]?: Promise<PatientReadScope> };
  const { db, callerCache } = request.server;
  const caller = callerOf(request);
  return (holder[READ_SCOPE_CACHE] ??= patientReadScope(
    db,
    caller,
    () => scopeOf(request),
    () =>
      callerCache.entityMemo(
        caller.entityId,
        'served:anticoagulation',
        async () =>
          Object.freeze(await linkedEntityIds(db, caller.entityId, ['anticoagulation'])) as number[],
      ),
  ));
}
