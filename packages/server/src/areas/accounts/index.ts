import type { FastifyInstance } from 'fastify';
import { registerPersonAccounts } from '../../platform/person-accounts.ts';
import { personAccounts } from './person-accounts.ts';
import accountActions from './routes/actions.ts';
import forceLogout from './routes/force-logout.ts';
import accountIpAllowList from './routes/ip-allow-list.ts';
import accountLink from './routes/link.ts';
import accountList from './routes/list.ts';
import accountUpdate from './routes/update.ts';

/** Accounts management by a Beheerder: list, link to a person, update, (de)activate, force logout, IP list. */
export default async function accountsArea(app: FastifyInstance): Promise<void> {
  // The persons area (below this one) shows a person's account and ends its access through this port.
  registerPersonAccounts(personAccounts);
  await app.register(accountList);
  await app.register(accountLink);
  await app.register(accountUpdate);
  await app.register(accountActions);
  await app.register(forceLogout);
  await app.register(accountIpAllowList);
}
