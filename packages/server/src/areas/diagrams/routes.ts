import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  DIAGRAMS_PER_ORGANISATION,
  DIAGRAMS_PERMISSION,
  apiErrorSchema,
  diagramCreateSchema,
  diagramListSchema,
  diagramSchema,
  diagramUpdateSchema,
  idParamSchema,
  type DiagramDefinition,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conflict,
  forbiddenBecause,
  notFound,
  refuseNotFound,
  unprocessable,
} from '../../platform/errors.ts';
import { callerOf } from '../../platform/scope.ts';
import type { Caller } from '../../platform/types.ts';
import { callerDepartments } from '../medication/public.ts';
import { sameDefinition, toDiagram } from './mapper.ts';
import {
  deleteDiagram,
  findDiagram,
  insertDiagram,
  listDiagrams,
  updateDiagram,
  type DiagramRow,
} from './queries.ts';

const tags = ['diagrams'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The owner changes their own diagram; a Beheerder (settings.manage) tidies up the organisation's. */
export const mayChange = (caller: Caller, row: Pick<DiagramRow, 'ownerAccountId'>): boolean =>
  row.ownerAccountId === caller.accountId || caller.permissions.has('settings.manage');

/** A chosen department must be one the caller's results can show, else the chart would be empty for good. */
async function checkDepartment(request: FastifyRequest, definition: DiagramDefinition): Promise<void> {
  if (definition.DepartmentId === null) return;
  const visible = await callerDepartments(request);
  if (!visible.some((department) => department.Id === definition.DepartmentId))
    throw unprocessable('Deze afdeling kunt u niet kiezen.', 'Definition.DepartmentId');
}

/**
 * Diagrammen: the organisation's saved charts, shared by its users. Every call needs the screen's
 * permission and works only on the caller's own organisation: another organisation's diagram is a 404
 * with a refused audit entry, whatever the id.
 */
const diagramRoutes: FastifyPluginAsyncZod = async (app) => {
  const permitted = app.requirePermission(DIAGRAMS_PERMISSION);

  /** The organisation's diagram the caller may change, or the refusal (404 foreign, 403 not theirs). */
  async function changeable(request: FastifyRequest, id: number): Promise<DiagramRow> {
    const caller = callerOf(request);
    const row = await findDiagram(app.db, caller.entityId, id);
    if (!row) return refuseNotFound(request, AUDIT_OBJECTS.diagram, id);
    if (!mayChange(caller, row))
      throw forbiddenBecause('Alleen wie het diagram opsloeg of een beheerder kan het wijzigen.');
    return row;
  }

  app.get(
    '/api/diagrams',
    {
      schema: {
        tags,
        summary: "The caller's organisation's saved diagrams, newest first",
        response: { 200: diagramListSchema, 403: apiErrorSchema },
      },
      preHandler: permitted,
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listDiagrams(app.db, caller.entityId);
      return { Rows: rows.map((row) => toDiagram(row, mayChange(caller, row))) };
    },
  );

  app.post(
    '/api/diagrams',
    {
      schema: {
        tags,
        summary: "Save a diagram for the caller's organisation",
        body: diagramCreateSchema,
        response: { 201: diagramSchema, ...errors, 409: apiErrorSchema },
      },
      preHandler: permitted,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { Title, Definition } = request.body;
      await checkDepartment(request, Definition);
      const id = await insertDiagram(
        app.db,
        { entityId: caller.entityId, ownerAccountId: caller.accountId, title: Title, definition: Definition },
        DIAGRAMS_PER_ORGANISATION,
      );
      if (id === null)
        throw conflict(
          `Uw organisatie heeft al ${DIAGRAMS_PER_ORGANISATION} diagrammen. Verwijder er eerst een.`,
        );
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.diagram,
        objectId: id,
        changedFields: ['Title', 'Definition'],
      });
      const row = await findDiagram(app.db, caller.entityId, id);
      return reply.code(201).send(toDiagram(row!, true));
    },
  );

  app.put(
    '/api/diagrams/:id',
    {
      schema: {
        tags,
        summary: 'Rename a diagram or change what it shows (its owner or a Beheerder)',
        params: idParamSchema,
        body: diagramUpdateSchema,
        response: { 200: diagramSchema, ...errors },
      },
      preHandler: permitted,
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const before = await changeable(request, id);
      const { Title, Definition } = request.body;
      if (Definition) await checkDepartment(request, Definition);
      if (!(await updateDiagram(app.db, caller.entityId, id, { title: Title, definition: Definition })))
        throw notFound();
      const changed: string[] = [];
      if (Title !== undefined && Title !== before.title) changed.push('Title');
      if (Definition && !sameDefinition(Definition, before.definition)) changed.push('Definition');
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.diagram,
        objectId: id,
        changedFields: changed,
      });
      const row = await findDiagram(app.db, caller.entityId, id);
      return toDiagram(row!, true);
    },
  );

  app.delete(
    '/api/diagrams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a diagram (its owner or a Beheerder)',
        params: idParamSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: permitted,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await changeable(request, id);
      if (!(await deleteDiagram(app.db, caller.entityId, id))) throw notFound();
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.diagram,
        objectId: id,
      });
      return reply.code(204).send(null);
    },
  );
};

export default diagramRoutes;
