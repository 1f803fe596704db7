import { accountSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccountById, toAccountView } from '../../accounts/public.ts';
import { unauthorized } from '../../../platform/errors.ts';
import { callerOf } from '../../../platform/scope.ts';

/** GET /api/account: the caller's own Account (spec §3 fields; Password masked). */
const getAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    { schema: { tags: ['account'], summary: 'The logged-in account', response: { 200: accountSchema } } },
    async (request) => {
      const account = await findAccountById(app.db, callerOf(request).accountId);
      if (!account) throw unauthorized();
      return toAccountView(app.db, account);
    },
  );
};

export default getAccountRoute;
