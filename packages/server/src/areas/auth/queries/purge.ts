import { inArray } from 'drizzle-orm';
import { registerPurge } from '../../../platform/purge.ts';
import { revokeAccountSessions } from '../sessions/queries/index.ts';
import { deleteEnrolmentsOf } from '../two-factor/queries.ts';
import { notMeTokens } from '../tables.ts';
import { voidResetTokens } from './tokens.ts';

// A purged person's accounts lose their live sessions, 2FA enrolments, open reset and not-me links.
registerPurge('auth', async (tx, { accounts }) => {
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return;
  for (const id of ids) await revokeAccountSessions(tx, id, 'person_purged');
  await deleteEnrolmentsOf(tx, ids);
  await tx.delete(notMeTokens).where(inArray(notMeTokens.accountId, ids));
  await voidResetTokens(tx, ids);
});
