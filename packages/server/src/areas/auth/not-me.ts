import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../platform/mail.ts';
import { hashToken, newResetToken } from './reset-token.ts';
import { claimNotMeToken, insertNotMeToken, voidResetTokens } from './queries/index.ts';
import { revokeAccountSessions } from './sessions/queries/index.ts';

/** A "dit was ik niet" link works for 7 days: long enough to notice the mail after a weekend. */
export const NOT_ME_TOKEN_TTL_DAYS = 7;

/** A new single-use link for the account; only its hash is stored. */
export async function issueNotMeToken(app: FastifyInstance, accountId: number): Promise<string> {
  const { token, hash } = newResetToken();
  await insertNotMeToken(
    app.db,
    accountId,
    hash,
    new Date(Date.now() + NOT_ME_TOKEN_TTL_DAYS * 24 * 60 * 60_000),
  );
  return token;
}

/** The notice to a previous address, with the link `<PUBLIC_URL>/not-me/<token>`. */
export function emailChangedMail(
  app: FastifyInstance,
  to: string,
  username: string,
  newAddresses: string[],
  token: string,
): OutgoingMail {
  const link = `${app.config.publicUrl}/not-me/${token}`;
  return {
    to,
    subject: 'Uw e-mailadres is gewijzigd - Zorgportaal',
    text: [
      'Beste gebruiker,',
      '',
      `Het e-mailadres van uw Zorgportaal-account "${username}" is gewijzigd.`,
      `Nieuwe adressen: ${newAddresses.join(', ') || '(geen)'}.`,
      '',
      `Was u dit niet? Volg dan deze link (${NOT_ME_TOKEN_TTL_DAYS} dagen geldig, één keer te gebruiken):`,
      'alle sessies van uw account worden direct beëindigd. Neem daarna contact op met uw beheerder.',
      '',
      link,
      '',
      'Met vriendelijke groet,',
      'Zorgportaal',
    ].join('\n'),
  };
}

/**
 * Uses a "dit was ik niet" link: claims it (compare-and-set, so it works once and only before it
 * expires), ends every session of the account and voids its open reset links (the new address could
 * have asked for one). Returns the account id, or null for an unknown, used or expired link.
 */
export async function useNotMeToken(
  app: FastifyInstance,
  token: string,
): Promise<{ accountId: number; revokedSessions: number } | null> {
  const hash = hashToken(token);
  return app.db.transaction(async (tx) => {
    const accountId = await claimNotMeToken(tx, hash);
    if (accountId === null) return null;
    await voidResetTokens(tx, [accountId]);
    const revokedSessions = await revokeAccountSessions(tx, accountId, 'not_me');
    return { accountId, revokedSessions };
  });
}
