import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../errors.ts';

/** The one not-found handler: the SPA takes its client routes, everything else gets the JSON error body. */
export default fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler(async (request, reply) => {
      if (await app.serveSpa(request, reply)) return reply;
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send({ Code: 'NOT_FOUND', Message: MESSAGES.NOT_FOUND });
    });
  },
  { name: 'not-found', dependencies: ['web'] },
);
