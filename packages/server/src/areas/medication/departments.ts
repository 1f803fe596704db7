import type { DepartmentOption } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, keptEntityScope } from '../../platform/scope.ts';
import { visibleDepartments } from './queries/departments.ts';

/**
 * The departments an organisation's callers may choose (`visibleDepartments`), kept per organisation in the caller
 * cache with its scope: a department list changes only with a network link or an organisation (events).
 */
export function organisationDepartments(
  server: Pick<FastifyInstance, 'db' | 'callerCache'>,
  entityId: number,
): Promise<readonly DepartmentOption[]> {
  return server.callerCache.entityMemo(entityId, 'departments', async () =>
    Object.freeze(await visibleDepartments(server.db, await keptEntityScope(server, entityId), entityId)),
  );
}

/** The departments the request's caller may choose. */
export const callerDepartments = (request: FastifyRequest): Promise<readonly DepartmentOption[]> =>
  organisationDepartments(request.server, callerOf(request).entityId);

/** The requested department when visible, else undefined; without a request, the default (first). */
export async function pickDepartment(
  request: FastifyRequest,
  requested: number | undefined,
): Promise<DepartmentOption | undefined> {
  const all = await callerDepartments(request);
  return requested === undefined ? all[0] : all.find((d) => d.Id === requested);
}
