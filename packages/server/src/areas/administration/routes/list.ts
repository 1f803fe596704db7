import {
  administrationListQuerySchema,
  administrationListSchema,
  apiErrorSchema,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import { gunzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDayListCache, TURN_AHEAD_MS, TURN_AHEAD_SWEEP_MS } from '../day-list-cache.ts';
import { keptList, listVersionOf } from '../kept-list.ts';
import { currentTag, listTag, notModified, REVALIDATE } from '../list-etag.ts';
import { keptListsWarmUp } from '../warm-up.ts';
import { registerWarmUp } from '../../../platform/warm-up.ts';
import { localDate } from '../../../platform/time.ts';
import { pickDepartment } from '../../medication/public.ts';
import { refuseNotFound } from '../../../platform/errors.ts';
import { mayRegisterAt } from '../rules.ts';

/** Whether a client's Accept-Encoding takes gzip (a browser's always does). */
const acceptsGzip = (header: string | undefined) => !!header && negotiate(header, ['gzip']) === 'gzip';

/** GET /api/administration/list: the toedienlijst of a department and day (default: mine, today). */
const administrationListRoute: FastifyPluginAsyncZod = async (app) => {
  // Built once per ward and version on this instance, whichever tablet asks first (day-list-cache.ts), and
  // serialised and gzipped once per built list (MayRegister is part of the version). A start fills them for
  // every ward before it listens (warm-up.ts), as far as its WARM_UP allows.
  const lists = createDayListCache(app.config.dayListCacheBytes, TURN_AHEAD_MS, TURN_AHEAD_SWEEP_MS);
  const unregister = registerWarmUp('administration', keptListsWarmUp(app, lists));
  app.addHook('onClose', async () => {
    unregister();
    lists.close();
  });
  app.get(
    '/api/administration/list',
    {
      schema: {
        tags: ['administration'],
        querystring: administrationListQuerySchema,
        response: { 200: administrationListSchema, 404: apiErrorSchema },
      },
      preHandler: app.requirePermission('administration.read'),
    },
    async (request, reply) => {
      const { departmentId, date } = request.query;
      const department = await pickDepartment(request, departmentId);
      if (!department) return refuseNotFound(request, AUDIT_OBJECTS.department, departmentId ?? 'default');
      const now = new Date();
      const day = date ?? localDate(now);
      // The refresh of an unchanged list: one query, a 304, no list built and no audit entry.
      // Whether the caller registers here is part of the answer (a role may change).
      const at = await listVersionOf(
        app,
        department,
        day,
        mayRegisterAt(request.caller!, department.EntityId),
      );
      const { accountId } = request.caller!;
      const known = currentTag(request, app.config.secretKey, at.version, accountId, now);
      if (known) return notModified(reply, known);
      const answer = await keptList(app, lists, department, day, now, at);
      // NEN 7513: one entry for the view that links every client shown, so "who saw this client"
      // finds it; the tablet's automatic refresh of the same view adds nothing (recordView).
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.administration_list,
        objectId: department.Id,
        view: { date: day },
        relatedPatientIds: answer.patientIds,
      });
      reply
        .header('Cache-Control', REVALIDATE)
        .header('ETag', listTag(app.config.secretKey, at.version, accountId, answer.until))
        .header('Vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      // A kept answer goes out as kept (gzip) to a client that takes it; a JSON string is sent as is (the
      // compression plugin compresses it for the client), not serialised again.
      const untyped: FastifyReply = reply;
      if (answer.gzip && acceptsGzip(request.headers['accept-encoding']))
        return untyped.header('Content-Encoding', 'gzip').send(answer.gzip);
      return untyped.send(answer.json ?? gunzipSync(answer.gzip!));
    },
  );
};

export default administrationListRoute;
