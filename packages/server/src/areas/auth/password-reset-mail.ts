import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../platform/mail.ts';
import { RESET_TOKEN_TTL_MINUTES, newResetToken } from './reset-token.ts';
import { accounts } from './tables.ts';
import type { AccountRow } from '../accounts/public.ts';
import { accountCanLogIn } from '../../platform/access/account-checks.ts';

/** Active accounts listing this address (case-insensitive); one address may serve several accounts. */
export async function activeAccountsByEmail(app: FastifyInstance, email: string): Promise<AccountRow[]> {
  const address = email.trim().toLowerCase();
  if (!address.includes('@')) return [];
  const rows = await app.db
    .select()
    .from(accounts)
    .where(
      sql`exists (select 1 from unnest(${accounts.emailAddresses}) as e(address) where lower(e.address) = ${address})`,
    );
  return rows.filter((row) => accountCanLogIn(row));
}

/**
 * Stores reset tokens (their hashes) in one statement, whatever their number — none included — and retires
 * the earlier unused links of the same accounts, so only the newest mail counts. One statement for zero or
 * more: a forgotten-password request does the same database work for an unknown address as for a known one.
 */
export async function storeResetTokens(
  app: FastifyInstance,
  rows: readonly { accountId: number; hash: string }[],
): Promise<void> {
  const input = JSON.stringify(rows.map((row) => ({ hash: row.hash, account_id: row.accountId })));
  await app.db.execute(sql`
    with input as (select * from jsonb_to_recordset(${input}::jsonb) as t(hash text, account_id integer)),
    retired as (
      update password_reset_tokens set used_at = now()
      where used_at is null and account_id in (select account_id from input)
    )
    insert into password_reset_tokens (hash, account_id, expires_at)
    select hash, account_id, now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES}) from input`);
}

/** A new single-use reset token for the account; only its hash is stored. Earlier unused links stop working. */
export async function issueResetToken(app: FastifyInstance, accountId: number): Promise<string> {
  const { token, hash } = newResetToken();
  await storeResetTokens(app, [{ accountId, hash }]);
  return token;
}

/** The Dutch mail with the link `<PUBLIC_URL>/change-password/<token>`. */
export function resetMail(app: FastifyInstance, to: string, username: string, token: string): OutgoingMail {
  const link = `${app.config.publicUrl}/change-password/${token}`;
  return {
    to,
    subject: 'Wachtwoord opnieuw instellen - Zorgportaal',
    text: [
      'Beste gebruiker,',
      '',
      `Er is gevraagd om het wachtwoord van uw Zorgportaal-account "${username}" opnieuw in te stellen.`,
      `Kies een nieuw wachtwoord via deze link (${RESET_TOKEN_TTL_MINUTES} minuten geldig, één keer te gebruiken):`,
      '',
      link,
      '',
      'Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.',
      '',
      'Met vriendelijke groet,',
      'Zorgportaal',
    ].join('\n'),
  };
}
