import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  idParamSchema,
  messageCreateBodySchema,
  recipientListSchema,
  streamTicketQuerySchema,
  streamTicketSchema,
  threadCreateBodySchema,
  threadListQuerySchema,
  threadListSchema,
  threadSchema,
  unreadCountSchema,
  type AuditAction,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseNotFound as refuse } from '../../platform/errors.ts';
import {
  callerOf,
  entityScope,
  type NetworkRole,
  PATIENT_ROLES,
  patientInScope,
  type Scope,
  scopeOf,
} from '../../platform/scope.ts';
import { findPatient } from '../medication/public.ts';
import {
  addMessage,
  createThread,
  findThread,
  listThreads,
  markRead,
  type Reader,
  recipientsOf,
  threadMessages,
  unreadCount,
} from './queries/index.ts';
import { announceThread } from './announce.ts';
import { openStream } from './stream.ts';
import { threadSubject, type ThreadSubjectField } from './thread-subjects.ts';
import { issueTicket, readTicket } from './ticket.ts';
import { type SessionHolder, sessionStillAllows } from '../../platform/access/session-check.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';

/** The thread's client is visible to the reader's organisation (a GP: only its own clients). */
/**
 * Whose clients an organisation may talk about: those it sees through its supply and GP links, and the
 * clients of the care centres a trombosis service serves (its messages are about their INR values).
 */
const TALK_ROLES: readonly NetworkRole[] = [...PATIENT_ROLES, 'anticoagulation'];
const talkScopeOf = (request: FastifyRequest) => scopeOf(request, TALK_ROLES);

const sees = (scope: Scope, entityId: number, prescriberId: number | null): boolean =>
  patientInScope(scope, { EntityId: entityId, PrescriberEntityId: prescriberId });

/** The subjects a new thread may name, checked in this order (their owners registered how). */
const SUBJECT_FIELDS: readonly ThreadSubjectField[] = ['OrderId', 'InrValueId'];

/** A thread is about one client: an order or INR value of another client than the chosen one is an error. */
function sameClient(
  chosen: number | null,
  ofSubject: number | null,
  field: ThreadSubjectField,
  message: string,
) {
  if (ofSubject === null) return chosen;
  if (chosen !== null && chosen !== ofSubject) throw badRequest(message, field);
  return ofSubject;
}

const tags = ['communication'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

const readerOf = (request: FastifyRequest): Reader => {
  const { accountId, entityId } = callerOf(request);
  return { accountId, entityId };
};

const holderOf = (request: FastifyRequest): SessionHolder => {
  const { accountId, entityId, sessionId } = callerOf(request);
  return { accountId, entityId, sessionId };
};

/**
 * The thread when the caller may read it: one of its organisation's, and when it is about a patient,
 * a patient the caller's organisation still sees. Otherwise 404 and a `refused` audit entry.
 */
async function threadFor(request: FastifyRequest, reader: Reader, id: number, action?: AuditAction) {
  const { db } = request.server;
  const thread = await findThread(db, reader, id);
  if (!thread) return refuse(request, AUDIT_OBJECTS.message_thread, id, action);
  if (thread.patientEntityId !== null) {
    const scope = await talkScopeOf(request);
    if (!sees(scope, thread.patientEntityId, thread.patientPrescriberId))
      return refuse(request, AUDIT_OBJECTS.message_thread, id, action);
  }
  return thread;
}

/** Communicatie: recipients, threads, read state, answers and the live event stream. */
const communicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const use = app.requirePermission('communication.use');

  app.get(
    '/api/communication/recipients',
    {
      schema: { tags, summary: 'The groups the caller may write to', response: { 200: recipientListSchema } },
      preHandler: use,
    },
    async (request) => ({ Rows: await recipientsOf(app.db, readerOf(request)) }),
  );

  app.get(
    '/api/communication/unread',
    {
      schema: { tags, summary: 'Threads with unread messages', response: { 200: unreadCountSchema } },
      preHandler: use,
    },
    async (request) => ({ Unread: await unreadCount(app.db, readerOf(request)) }),
  );

  app.get(
    '/api/communication/threads',
    {
      schema: { tags, querystring: threadListQuerySchema, response: { 200: threadListSchema, ...errors } },
      preHandler: use,
    },
    async (request) => {
      const scope = await talkScopeOf(request);
      const { patientId } = request.query;
      // The threads about one client are a read of that client: another organisation's client is refused.
      if (patientId !== undefined && !(await findPatient(app.db, patientId, scope)))
        return refuse(request, AUDIT_OBJECTS.patient, patientId, AUDIT_ACTIONS.read);
      const rows = (await listThreads(app.db, readerOf(request), request.query)).map(
        ({ patientEntityId, patientPrescriberId, ...row }) =>
          // A patient that left the caller's scope (a network link ended) keeps only the thread.
          patientEntityId !== null && !sees(scope, patientEntityId, patientPrescriberId)
            ? { ...row, PatientId: null, PatientName: null }
            : row,
      );
      const patientIds = [...new Set(rows.flatMap((r) => (r.PatientId === null ? [] : [r.PatientId])))];
      // Filtered by a client, the list is logged even when it is empty: looking was a read of that client.
      if (patientIds.length || patientId !== undefined)
        await app.audit.recordView(request, {
          objectType: AUDIT_OBJECTS.message_thread_list,
          patientId: patientId ?? null,
          view: { filter: request.query.filter ?? 'all', patientId: patientId ?? null },
          relatedPatientIds: [...new Set([...(patientId === undefined ? [] : [patientId]), ...patientIds])],
        });
      return { Rows: rows };
    },
  );

  app.get(
    '/api/communication/threads/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: threadSchema, ...errors } },
      preHandler: use,
    },
    async (request) => {
      const { id } = request.params;
      const reader = readerOf(request);
      const thread = await threadFor(request, reader, id);
      const { patientEntityId: _, patientPrescriberId: __, ...summary } = thread;
      const messages = await threadMessages(app.db, reader, id);
      await markRead(app.db, reader, id, new Date(thread.LastMessageAt));
      if (summary.PatientId !== null)
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.read,
          outcome: 'success',
          objectType: AUDIT_OBJECTS.message_thread,
          objectId: id,
          patientId: summary.PatientId,
        });
      return { ...summary, Unread: false, Messages: messages };
    },
  );

  app.post(
    '/api/communication/threads',
    {
      schema: {
        tags,
        body: threadCreateBodySchema,
        response: { 201: threadSchema, ...errors },
      },
      preHandler: use,
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const body = request.body;
      const recipient = (await recipientsOf(app.db, reader)).find((r) => r.Id === body.RecipientGroupId);
      // A group outside the caller's GroupsSendTo or network is another organisation's business.
      if (!recipient)
        return refuse(request, AUDIT_OBJECTS.message_thread, body.RecipientGroupId, AUDIT_ACTIONS.create);
      // An order or INR value the thread is about brings its client along (its owning area says which,
      // and whether both organisations may talk about it); both sides must see that client.
      let patientId = body.PatientId;
      const between = { fromEntityId: reader.entityId, toEntityId: recipient.EntityId };
      for (const field of SUBJECT_FIELDS) {
        const id = body[field];
        if (id === null) continue;
        const subject = threadSubject(field);
        const about = await subject.clientOf(app.db, id, between);
        if (!about) return refuse(request, subject.objectType, id, AUDIT_ACTIONS.create);
        patientId = sameClient(patientId, about.patientId, field, subject.otherClient);
      }
      if (patientId !== null) {
        const patient = await findPatient(app.db, patientId, await talkScopeOf(request));
        // Both sides must be allowed to see the patient the message is about.
        const theirs = await entityScope(app.db, recipient.EntityId, TALK_ROLES);
        if (!patient || !patientInScope(theirs, patient))
          return refuse(request, AUDIT_OBJECTS.patient, patientId, AUDIT_ACTIONS.create);
      }
      const threadId = await createThread(app.db, reader, {
        toGroupId: recipient.Id,
        toEntityId: recipient.EntityId,
        subject: body.Subject,
        patientId,
        orderId: body.OrderId,
        inrValueId: body.InrValueId,
        priority: body.Priority,
        body: body.Body,
      });
      if (patientId !== null)
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.create,
          outcome: 'success',
          objectType: AUDIT_OBJECTS.message_thread,
          objectId: threadId,
          patientId,
        });
      await announceThread(app, threadId);
      const thread = (await findThread(app.db, reader, threadId))!;
      const { patientEntityId: _, patientPrescriberId: __, ...summary } = thread;
      return reply.code(201).send({ ...summary, Messages: await threadMessages(app.db, reader, threadId) });
    },
  );

  app.post(
    '/api/communication/threads/:id/messages',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: messageCreateBodySchema,
        response: { 201: threadSchema, ...errors },
      },
      preHandler: use,
    },
    async (request, reply) => {
      const { id } = request.params;
      const reader = readerOf(request);
      const thread = await threadFor(request, reader, id, AUDIT_ACTIONS.create);
      const messageId = await addMessage(app.db, reader, id, request.body.Body);
      if (thread.PatientId !== null)
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.create,
          outcome: 'success',
          objectType: AUDIT_OBJECTS.message,
          objectId: messageId,
          patientId: thread.PatientId,
        });
      await announceThread(app, id);
      const {
        patientEntityId: _,
        patientPrescriberId: __,
        ...summary
      } = (await findThread(app.db, reader, id))!;
      return reply.code(201).send({ ...summary, Messages: await threadMessages(app.db, reader, id) });
    },
  );

  app.post(
    '/api/communication/stream/ticket',
    {
      schema: {
        tags,
        summary:
          'A one-minute ticket for GET /api/communication/events (a browser EventSource sends no token)',
        response: { 200: streamTicketSchema },
      },
      preHandler: use,
    },
    async (request) => ({ Ticket: issueTicket(app.config.secretKey, holderOf(request), request.ip) }),
  );

  app.get(
    '/api/communication/events',
    {
      schema: {
        tags,
        summary:
          'The event stream of /api/communication/stream, opened with a stream ticket instead of a token',
        querystring: streamTicketQuerySchema,
        response: { 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The same checks as any request with a token: session open, account, permission, address.
      const holder = readTicket(app.config.secretKey, request.query.ticket, request.ip);
      if (!holder || !(await sessionStillAllows(app.db, holder, request.ip, 'communication.use')))
        throw unauthorized();
      return openStream(app, request, reply, holder, holder);
    },
  );

  app.get(
    '/api/communication/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: `ready` with the unread count, then `message` {ThreadId} for every new message the caller may see',
      },
      preHandler: use,
    },
    async (request, reply) => openStream(app, request, reply, readerOf(request), holderOf(request)),
  );
};

export default communicationRoutes;
