import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  apiErrorSchema,
  documentDetailSchema,
  documentDownloadQuerySchema,
  documentIdParamSchema,
  documentListQuerySchema,
  documentListSchema,
  documentUpdateSchema,
  type AuditAction,
} from '@zorgportaal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { readFile } from './file-store.ts';
import { toDocument, toDocumentDetail } from './mapper.ts';
import {
  addVersion,
  createDocument,
  deleteDocument,
  deletedDocuments,
  findDocument,
  listDocuments,
  restoreDocument,
  updateDocument,
} from './queries/index.ts';
import { keepUpload, parseFields, readUpload } from './upload.ts';

const params = documentIdParamSchema;
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const uploadErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema };

/** Another organisation's (or a missing) document: 404, and the attempt in the audit log. */
async function refuse(request: FastifyRequest, id: number, action: AuditAction): Promise<never> {
  await request.server.audit.record(request, {
    action,
    outcome: 'refused',
    objectType: AUDIT_OBJECTS.document,
    objectId: id,
  });
  throw notFound();
}

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Documents (domain.md): organisation-scoped; an organisation may share one with its partners in the care
 * network (active links either way). Reads need documents.read, every change documents.write on the
 * caller's own documents.
 */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Visible documents: own, and those shared by an organisation linked in the network',
        querystring: documentListQuerySchema,
        response: { 200: documentListSchema, 400: apiErrorSchema },
      },
      preHandler: app.requirePermission('documents.read'),
    },
    async (request) => {
      const rows = await listDocuments(app.db, request.caller!, request.query);
      return { Rows: rows.map((row) => toDocument(request.caller!, row)) };
    },
  );

  app.get(
    '/api/documents/trash',
    {
      schema: {
        tags: ['documents'],
        summary: "The caller's organisation's deleted documents",
        response: { 200: documentListSchema },
      },
      preHandler: app.requirePermission('documents.write'),
    },
    async (request) => {
      const rows = await deletedDocuments(app.db, request.caller!);
      return { Rows: rows.map((row) => toDocument(request.caller!, row)) };
    },
  );

  app.get(
    '/api/documents/:id',
    {
      schema: { tags: ['documents'], params, response: { 200: documentDetailSchema, ...errors } },
      preHandler: app.requirePermission('documents.read'),
    },
    async (request) => {
      const found = await findDocument(app.db, request.caller!, request.params.id);
      if (!found) return refuse(request, request.params.id, AUDIT_ACTIONS.read);
      return toDocumentDetail(request.caller!, found);
    },
  );

  app.get(
    '/api/documents/:id/download',
    {
      schema: {
        tags: ['documents'],
        summary: 'The file of the latest (or the given) version, always as an attachment',
        params,
        querystring: documentDownloadQuerySchema,
        response: errors,
      },
      preHandler: app.requirePermission('documents.read'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await findDocument(app.db, request.caller!, id);
      if (!found) return refuse(request, id, AUDIT_ACTIONS.read);
      const wanted = request.query.version;
      const version = wanted ? found.versions.find((v) => v.version === wanted) : found.versions[0];
      if (!version) throw notFound();
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.document_download,
        objectId: id,
        detail: { version: version.version },
      });
      const untyped: FastifyReply = reply;
      return (
        untyped
          .header('Content-Type', version.contentType)
          .header('Content-Length', String(version.size))
          .header('Content-Disposition', contentDisposition(version.fileName))
          .header('X-Content-Type-Options', 'nosniff')
          // Never rendered as a page of our origin, even when opened directly.
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'private, no-store')
          .send(readFile(app.db, version.fileId))
      );
    },
  );

  app.post(
    '/api/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload a new document (multipart: Title, Category, Shared, File)',
        consumes: ['multipart/form-data'],
        response: { 201: documentDetailSchema, ...uploadErrors },
      },
      preHandler: app.requirePermission('documents.write'),
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { file, fields } = await readUpload(request, caller.entityId);
      const id = await keepUpload(app.db, caller, file, (version) =>
        createDocument(app.db, caller, parseFields(fields), version),
      );
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.document,
        objectId: id,
        changedFields: ['Title', 'Category', 'Shared', 'File'],
      });
      const found = await findDocument(app.db, caller, id);
      return reply.code(201).send(toDocumentDetail(caller, found!));
    },
  );

  app.post(
    '/api/documents/:id/versions',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload a new version of an own document (multipart: File)',
        consumes: ['multipart/form-data'],
        params,
        response: { 201: documentDetailSchema, ...uploadErrors },
      },
      preHandler: app.requirePermission('documents.write'),
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { id } = request.params;
      const before = await findDocument(app.db, caller, id);
      if (!before || !before.document.entityId || before.document.entityId !== caller.entityId)
        return refuse(request, id, AUDIT_ACTIONS.update);
      const { file } = await readUpload(request, caller.entityId);
      const version = await keepUpload(app.db, caller, file, (upload) =>
        addVersion(app.db, caller, id, upload),
      );
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.document,
        objectId: id,
        changedFields: ['File'],
        detail: { version },
      });
      const found = await findDocument(app.db, caller, id);
      return reply.code(201).send(toDocumentDetail(caller, found!));
    },
  );

  app.put(
    '/api/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Change title, category or sharing of an own document',
        params,
        body: documentUpdateSchema,
        response: { 200: documentDetailSchema, ...errors },
      },
      preHandler: app.requirePermission('documents.write'),
    },
    async (request) => {
      const caller = request.caller!;
      const { id } = request.params;
      if (!(await updateDocument(app.db, caller, id, request.body)))
        return refuse(request, id, AUDIT_ACTIONS.update);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.document,
        objectId: id,
        changedFields: Object.keys(request.body),
      });
      return toDocumentDetail(caller, (await findDocument(app.db, caller, id))!);
    },
  );

  app.delete(
    '/api/documents/:id',
    {
      schema: { tags: ['documents'], params, response: { 204: z.null(), ...errors } },
      preHandler: app.requirePermission('documents.write'),
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteDocument(app.db, request.caller!, id)))
        return refuse(request, id, AUDIT_ACTIONS.delete);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.document,
        objectId: id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/documents/:id/restore',
    {
      schema: { tags: ['documents'], params, response: { 200: documentDetailSchema, ...errors } },
      preHandler: app.requirePermission('documents.write'),
    },
    async (request) => {
      const caller = request.caller!;
      const { id } = request.params;
      if (!(await restoreDocument(app.db, caller, id))) return refuse(request, id, AUDIT_ACTIONS.update);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.document,
        objectId: id,
        changedFields: ['Deleted'],
      });
      return toDocumentDetail(caller, (await findDocument(app.db, caller, id))!);
    },
  );
};

export default documentRoutes;
