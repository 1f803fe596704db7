import type { FastifyInstance } from 'fastify';
import accountActions from './accounts/actions.ts';
import accountLink from './accounts/link.ts';
import accountList from './accounts/list.ts';
import accountUpdate from './accounts/update.ts';
import dashboard from './dashboard/index.ts';
import log from './log/index.ts';
import personRead from './persons/read.ts';
import personWrite from './persons/write.ts';
import trash from './trash/index.ts';

/** Persons and accounts management, the trash can, the Logboek and the dashboard. */
export default async function managementAdminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(personRead);
  await app.register(personWrite);
  await app.register(accountList);
  await app.register(accountLink);
  await app.register(accountUpdate);
  await app.register(accountActions);
  await app.register(trash);
  await app.register(log);
  await app.register(dashboard);
}
