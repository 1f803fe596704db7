import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../platform/mail.ts';
import { RESET_TOKEN_TTL_MINUTES, newResetToken } from './reset-token.ts';
import { storeResetTokens } from './queries/index.ts';
import { type AccountRow, accountsWithEmail } from '../accounts/public.ts';
import { accountCanLogIn } from '../../platform/access/account-checks.ts';

/** Active accounts listing this address (case-insensitive); one address may serve several accounts. */
export async function activeAccountsByEmail(app: FastifyInstance, email: string): Promise<AccountRow[]> {
  const address = email.trim().toLowerCase();
  if (!address.includes('@')) return [];
  return (await accountsWithEmail(app.db, address)).filter((row) => accountCanLogIn(row));
}

/** A new single-use reset token for the account; only its hash is stored. Earlier unused links stop working. */
export async function issueResetToken(app: FastifyInstance, accountId: number): Promise<string> {
  const { token, hash } = newResetToken();
  await storeResetTokens(app.db, [{ accountId, hash }]);
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
