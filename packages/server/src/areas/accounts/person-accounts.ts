import type { PersonAccounts } from '../../platform/person-accounts.ts';
import { revokeAccountSessions } from '../../platform/access/auth-port.ts';
import { deactivatePersonAccounts, findAccountOfPerson, toAccountView } from './queries/accounts.ts';

/** This area's side of the persons area's port (registered by index.ts). */
export const personAccounts: PersonAccounts = {
  async accountOf(db, personId) {
    const account = await findAccountOfPerson(db, personId);
    return account ? toAccountView(db, account) : null;
  },
  async deactivateAll(tx, personId, entityId) {
    const accountIds = await deactivatePersonAccounts(tx, personId, entityId);
    for (const id of accountIds) await revokeAccountSessions(tx, id, 'person_deleted');
    return accountIds;
  },
};
