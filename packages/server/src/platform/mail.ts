import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** One outgoing e-mail. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The part of a pino logger the mailer uses. */
export interface MailLogger {
  info(obj: Record<string, unknown>, msg?: string): void;
}

export interface MailerOptions {
  /** SMTP_URL (smtp:// or smtps://). Without it, mail goes to the log and the outbox instead. */
  smtpUrl?: string;
  /** MAIL_FROM, e.g. `Zorgportaal <noreply@zorgportaal.example>`. */
  from: string;
  logger: MailLogger;
  /** Keeps a mail that was not sent (no SMTP_URL), e.g. in an outbox table, so a local user can still reset. */
  outbox: (mail: OutgoingMail) => Promise<void>;
  /** Extra SMTP transport settings merged over the URL's (time-outs, TLS options). */
  transport?: SMTPTransport.Options;
}

export interface Mailer {
  /** Sends the mail (or logs and stores it); rejects when the SMTP server refuses it. */
  send(mail: OutgoingMail): Promise<void>;
  /** True when mail really leaves the machine (SMTP_URL is set). */
  readonly delivers: boolean;
  /** Closes pooled SMTP connections, for graceful shutdown. */
  close(): void;
}

const LINK_IN_TEXT = /\bhttps?:\/\/[^\s<>"')]+/g;
/** A path segment that carries a secret: a long run of token characters (a reset or setup token). */
const SECRET_SEGMENT = /^[A-Za-z0-9_~.-]{16,}$/;
export const MASK = '•••';

/**
 * The text with every link's secrets masked: long path segments (`/change-password/•••`), every query value
 * (`?token=•••`) and any fragment. A link with its token lets whoever reads the log take over the account.
 */
export function maskLinks(text: string): string {
  return text.replace(LINK_IN_TEXT, (link) => {
    const hashAt = link.indexOf('#');
    const withoutHash = hashAt >= 0 ? link.slice(0, hashAt) : link;
    const queryAt = withoutHash.indexOf('?');
    const base = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
    const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : null;
    const [scheme = '', , host = '', ...segments] = base.split('/');
    const path = segments.map((segment) => (SECRET_SEGMENT.test(segment) ? MASK : segment));
    let masked = [scheme, '', host, ...path].join('/');
    if (query !== null)
      masked += `?${query
        .split('&')
        .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${MASK}` : MASK))
        .join('&')}`;
    if (hashAt >= 0) masked += `#${MASK}`;
    return masked;
  });
}

/**
 * Creates the mailer for forgotten-password and similar messages: nodemailer over SMTP_URL
 * when set; otherwise the mail is written to the log (recipient, subject and text with every link's token
 * masked) and handed to `outbox` whole (the database, not the log, is where a local installation without a
 * mail server reads the link).
 */
export function createMailer({ smtpUrl, from, logger, outbox, transport: extra }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        // The text with tokens masked: a log is read (and shipped) far more widely than the database.
        logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: maskLinks(mail.text) } },
          'Mail not sent (no SMTP_URL)',
        );
        await outbox(mail);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Bounded waits: a hanging mail server must not hold a request open for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...extra,
  });
  return {
    delivers: true,
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(html === undefined ? {} : { html }),
      });
      // Only the message id and recipient: the text carries a reset link, which must not reach the log.
      logger.info({ messageId: info.messageId, to }, 'Mail sent');
    },
    close() {
      transport.close();
    },
  };
}
