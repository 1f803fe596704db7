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
import { entityScope, patientInScope, type Scope } from '../../platform/scope.ts';
import { findPatient } from '../medication/public.ts';
import { orderParties } from '../orders/public.ts';
import { inrValuePatient } from '../trombosis/public.ts';
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
import { openStream, THREAD_CHANNEL } from './stream.ts';
import { issueTicket, readTicket } from './ticket.ts';
import { type SessionHolder, sessionStillAllows } from '../../platform/access/session-check.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';

/** The thread's client is visible to the reader's organisation (a GP: only its own clients). */
const sees = (scope: Scope, entityId: number, prescriberId: number | null): boolean =>
  patientInScope(scope, { EntityId: entityId, PrescriberEntityId: prescriberId });

/** A thread is about one client: an order or INR value of another client than the chosen one is an error. */
function sameClient(chosen: number | null, ofSubject: number | null, field: 'OrderId' | 'InrValueId') {
  if (ofSubject === null) return chosen;
  if (chosen !== null && chosen !== ofSubject)
    throw badRequest(
      field === 'OrderId'
        ? 'Deze bestelling hoort bij een andere cliënt.'
        : 'Deze INR-waarde hoort bij een andere cliënt.',
      field,
    );
  return ofSubject;
}

const tags = ['communication'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

const readerOf = (request: FastifyRequest): Reader => ({
  accountId: request.caller!.accountId,
  entityId: request.caller!.entityId,
});

const holderOf = (request: FastifyRequest): SessionHolder => ({
  accountId: request.caller!.accountId,
  entityId: request.caller!.entityId,
  sessionId: request.caller!.sessionId,
});

/**
 * The thread when the caller may read it: one of its organisation's, and when it is about a patient,
 * a patient the caller's organisation still sees. Otherwise 404 and a `refused` audit entry.
 */
async function threadFor(request: FastifyRequest, reader: Reader, id: number, action?: AuditAction) {
  const { db } = request.server;
  const thread = await findThread(db, reader, id);
  if (!thread) return refuse(request, AUDIT_OBJECTS.message_thread, id, action);
  if (thread.patientEntityId !== null) {
    const scope = await entityScope(db, reader.entityId);
    if (!sees(scope, thread.patientEntityId, thread.patientPrescriberId))
      return refuse(request, AUDIT_OBJECTS.message_thread, id, action);
  }
  return thread;
}

/** Communicatie: recipients, threads, read state, answers and the live event stream. */
const communicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const use = app.requirePermission('communication.use');

  /** Tells every instance a thread changed; a lost event only delays the update to the next poll. */
  const announce = async (request: FastifyRequest, threadId: number) => {
    try {
      await app.events.publish(THREAD_CHANNEL, String(threadId));
    } catch {
      request.log.warn('communication event not published');
    }
  };

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
      const scope = await entityScope(app.db, request.caller!.entityId);
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
      // An order or INR value the thread is about brings its client along; both sides must see it.
      let patientId = body.PatientId;
      if (body.OrderId !== null) {
        const order = await orderParties(app.db, body.OrderId);
        if (!order?.parties.includes(reader.entityId) || !order.parties.includes(recipient.EntityId))
          return refuse(request, AUDIT_OBJECTS.order, body.OrderId, AUDIT_ACTIONS.create);
        patientId = sameClient(patientId, order.patientId, 'OrderId');
      }
      if (body.InrValueId !== null) {
        const inrPatient = await inrValuePatient(app.db, body.InrValueId);
        if (inrPatient === undefined)
          return refuse(request, AUDIT_OBJECTS.inr_value, body.InrValueId, AUDIT_ACTIONS.create);
        patientId = sameClient(patientId, inrPatient, 'InrValueId');
      }
      if (patientId !== null) {
        const mine = await entityScope(app.db, reader.entityId);
        const patient = await findPatient(app.db, patientId, mine);
        // Both sides must be allowed to see the patient the message is about.
        if (!patient || !patientInScope(await entityScope(app.db, recipient.EntityId), patient))
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
      await announce(request, threadId);
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
      await announce(request, id);
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
