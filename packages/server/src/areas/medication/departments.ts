import type { DepartmentOption } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { callerOf, scopeOf } from '../../platform/scope.ts';
import { visibleDepartments } from './queries/departments.ts';

/**
 * The departments the request's caller may choose (`visibleDepartments`), kept per organisation in the caller
 * cache with its scope: a department list changes only with a network link or an organisation (events).
 */
export async function callerDepartments(request: FastifyRequest): Promise<readonly DepartmentOption[]> {
  const { db, callerCache } = request.server;
  const { entityId } = callerOf(request);
  const scope = await scopeOf(request);
  return callerCache.entityMemo(entityId, 'departments', async () =>
    Object.freeze(await visibleDepartments(db, scope, entityId)),
  );
}

/** The requested department when visible, else undefined; without a request, the default (first). */
export async function pickDepartment(
  request: FastifyRequest,
  requested: number | undefined,
): Promise<DepartmentOption | undefined> {
  const all = await callerDepartments(request);
  return requested === undefined ? all[0] : all.find((d) => d.Id === requested);
}
