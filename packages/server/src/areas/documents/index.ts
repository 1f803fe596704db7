import multipart from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';

/**
 * Documents area. Multipart parsing is registered here only (encapsulated): every other route keeps
 * answering 415 to form uploads.
 */
export default async function documentsArea(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1000,
      parts: 12,
      fieldNameSize: 50,
    },
  });
  await app.register(routes);
}
