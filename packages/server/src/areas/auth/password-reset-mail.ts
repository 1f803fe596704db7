import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../platform/mail.ts';
import { RESET_TOKEN_TTL_MINUTES, newResetToken } from './reset-token.ts';
import { accounts, passwordResetTokens } from './tables.ts';
import type { AccountRow } from '../accounts/index.ts';
import { accountCanLogIn } from '../../platform/auth/account-checks.ts';

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
 * A new single-use reset token for the account; only its hash is stored. Earlier unused links of the
 * account stop working, so only the newest mail counts.
 */
export async function issueResetToken(app: FastifyInstance, accountId: number): Promise<string> {
  const now = new Date();
  const { token, hash } = newResetToken();
  await app.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));
  await app.db.insert(passwordResetTokens).values({
    hash,
    accountId,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
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
