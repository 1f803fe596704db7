import { apiErrorSchema, idSchema, AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedPatientPhoto, scopedPhotoVersion } from '../queries/index.ts';
import { photoBytes } from '../photo-version.ts';
import { matches, notModified, REVALIDATE } from '../../../platform/etag.ts';
import { notFound, refuseNotFound } from '../../../platform/errors.ts';
import { scopeOf } from '../../../platform/scope.ts';

/**
 * GET /api/administration/photo/{patientId}: the client's photo for the toedienlijst cards and the double
 * check dialog, as the image itself (the list carries only its version). The web fetches it with the
 * bearer token as a blob, once per version; the ETag is that version (`persons.avatar_version`), so a
 * revalidation is a 304 that reads the version, not the photo.
 */
const photoRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/administration/photo/:patientId',
    {
      schema: {
        tags: ['administration'],
        summary: "A client's photo (PNG, JPEG or WebP) for the toedienlijst",
        params: z.object({ patientId: idSchema }),
        querystring: z.object({ v: z.string().max(40).optional() }),
        response: { 404: apiErrorSchema },
      },
      preHandler: app.requirePermission('administration.read'),
    },
    async (request, reply) => {
      const { patientId } = request.params;
      const scope = await scopeOf(request);
      const current = await scopedPhotoVersion(app.db, patientId, scope);
      if (!current)
        return refuseNotFound(request, AUDIT_OBJECTS.person_avatar, patientId, AUDIT_ACTIONS.read);
      if (!current.version) throw notFound();
      // A tablet that has this version (every app start revalidates each card's photo) gets its 304 from the
      // version kept with the photo: the photo itself is read only to send it.
      if (matches(request, `"${current.version}"`)) return notModified(reply, `"${current.version}"`);
      const found = await scopedPatientPhoto(app.db, patientId, scope);
      const image = found?.avatar ? photoBytes(found.avatar) : null;
      if (!image) throw notFound();
      // The tag of the bytes sent, should the photo have changed in between.
      const etag = `"${found!.version}"`;
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person_avatar,
        objectId: patientId,
        patientId,
        detail: { view: 'administration_list' },
      });
      const untyped: FastifyReply = reply;
      return untyped
        .header('Content-Type', image.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('ETag', etag)
        .header('Cache-Control', REVALIDATE)
        .send(image.bytes);
    },
  );
};

export default photoRoute;
