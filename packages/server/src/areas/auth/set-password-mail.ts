import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutgoingMail } from '../../platform/mail.ts';
import type { PasswordMailAccount } from '../../platform/access/auth-port.ts';
import { issueResetToken } from './password-reset-mail.ts';
import { RESET_TOKEN_TTL_MINUTES } from './reset-token.ts';

/** The Dutch welcome mail: the link is the forgot-password link (`/change-password/<token>`). */
function setPasswordMail(app: FastifyInstance, to: string, username: string, token: string): OutgoingMail {
  const link = `${app.config.publicUrl}/change-password/${token}`;
  return {
    to,
    subject: 'Stel uw wachtwoord in - Zorgportaal',
    text: [
      'Beste gebruiker,',
      '',
      `Er is een Zorgportaal-account voor u klaargezet met de gebruikersnaam "${username}".`,
      `Kies uw wachtwoord via deze link (${RESET_TOKEN_TTL_MINUTES} minuten geldig, één keer te gebruiken):`,
      '',
      link,
      '',
      'Is de link verlopen? Vraag dan via "Wachtwoord vergeten" op de inlogpagina een nieuwe aan.',
      '',
      'Met vriendelijke groet,',
      'Zorgportaal',
    ].join('\n'),
  };
}

/**
 * Sends the account's first address a link to choose a password, through the forgot-password
 * mechanism of the forgotten password (single-use token, only its hash stored, 60 minutes). An administrator never
 * sets or sees the password. Returns whether the mail was handed over; a refusing mail server is
 * logged, not thrown: the account exists and the mail can be sent again.
 */
export async function sendSetPasswordMail(
  app: FastifyInstance,
  request: FastifyRequest,
  account: PasswordMailAccount,
): Promise<boolean> {
  const to = account.emailAddresses[0];
  if (!to) return false;
  const token = await issueResetToken(app, account.id);
  try {
    await app.mailer.send(setPasswordMail(app, to, account.username, token));
    return true;
  } catch (err) {
    request.log.error({ err, accountId: account.id }, 'set-password mail failed');
    return false;
  }
}
