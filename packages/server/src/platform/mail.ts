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

/**
 * Creates the mailer for forgotten-password and similar messages: nodemailer over SMTP_URL
 * when set; otherwise the mail is written to the log (recipient, subject and text, which holds the
 * link) and handed to `outbox`, so a local installation without a mail server still works.
 */
export function createMailer({ smtpUrl, from, logger, outbox, transport: extra }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        // Deliberately logs the text: without SMTP the log is the only way to see the reset link.
        logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
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
