import {
  idParamSchema,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PX,
  apiErrorSchema,
  avatarResponseSchema,
  avatarUploadSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkAvatar } from '../avatar-image.ts';
import { HttpError, notFound } from '../../../platform/errors.ts';
import { setPersonAvatar } from '../../persons/public.ts';
import { avatarOf } from '../queries.ts';
import { callerOf } from '../../../platform/scope.ts';

const PROBLEMS = {
  format: 'Dit is geen geldige PNG-, JPEG- of WebP-afbeelding.',
  type_mismatch: 'De inhoud van het bestand past niet bij het opgegeven afbeeldingstype.',
  dimensions: `De afbeelding mag hoogstens ${AVATAR_MAX_PX} bij ${AVATAR_MAX_PX} pixels zijn.`,
} as const;

/** Profile photo: upload your own, and read one of a person of your own organisation. */
const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/account/profile/avatar',
    {
      schema: {
        tags: ['account'],
        summary: `Upload your avatar (PNG, JPEG or WebP, at most ${AVATAR_MAX_PX} px and ${AVATAR_MAX_BYTES} bytes)`,
        body: avatarUploadSchema,
        response: {
          200: avatarResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.personId) throw notFound();
      const check = checkAvatar(request.body.Avatar, { maxBytes: AVATAR_MAX_BYTES, maxPx: AVATAR_MAX_PX });
      if (!check.ok) {
        if (check.problem === 'too_large') {
          const message = `De afbeelding mag hoogstens ${Math.floor(AVATAR_MAX_BYTES / 1000)} kB zijn.`;
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', message, { Fields: { Avatar: message } });
        }
        const message = PROBLEMS[check.problem];
        throw new HttpError(400, 'VALIDATION_FAILED', message, { Fields: { Avatar: message } });
      }
      await setPersonAvatar(app.db, caller.personId, request.body.Avatar);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: caller.personId,
        detail: { view: 'profile', fields: ['Avatar'], type: check.type, bytes: check.bytes },
      });
      return { data: request.body.Avatar };
    },
  );

  app.get(
    '/api/person/avatar/:id',
    {
      schema: {
        tags: ['persons'],
        summary: "A person's avatar as a data URL (spec §7: the response data is used)",
        params: idParamSchema,
        response: { 200: avatarResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const person = await avatarOf(app.db, id, caller.entityId);
      // Your own photo always; a colleague's or client's only with persons.read. Otherwise as if absent.
      if (!person || (id !== caller.personId && !caller.permissions.has('persons.read'))) {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.read,
          outcome: 'refused',
          objectType: AUDIT_OBJECTS.person_avatar,
          objectId: id,
        });
        throw notFound();
      }
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person_avatar,
        objectId: id,
      });
      return { data: person.avatar };
    },
  );
};

export default avatarRoutes;
