import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtp } from '../../test/helpers/smtp.ts';
import { type OutgoingMail, createMailer, maskLinks } from './mail.ts';

/** Decodes one MIME body by its Content-Transfer-Encoding. */
function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A small RFC 5322/MIME reader, enough for what nodemailer produces: headers and the text parts. */
function parseMessage(raw: string): {
  headers: string;
  subject: string;
  parts: { type: string; body: string }[];
} {
  const split = (text: string) => {
    const at = text.search(/\r?\n\r?\n/);
    return {
      headers: text.slice(0, at).replace(/\r?\n[ \t]+/g, ' '),
      body: text.slice(at).replace(/^\r?\n\r?\n/, ''),
    };
  };
  const { headers, body } = split(raw);
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  const type = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
  if (!type.startsWith('multipart/'))
    return { headers, subject, parts: [{ type, body: decodeBody(headers, body) }] };
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)![1]!;
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const part = split(chunk.replace(/^\r?\n/, ''));
      const partType =
        /^content-type:\s*([^;\r\n]+)/im.exec(part.headers)?.[1]?.toLowerCase() ?? 'text/plain';
      return { type: partType, body: decodeBody(part.headers, part.body) };
    });
  return { headers, subject, parts };
}

describe('mailer over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let received: ReceivedMail[];

  beforeAll(async () => {
    smtp = await startSmtp();
    received = smtp.received;
  });

  afterAll(() => smtp.close());

  it('delivers a reset mail with subject and link to a real SMTP server', async () => {
    const logged: unknown[] = [];
    const outbox: OutgoingMail[] = [];
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Zorgportaal <noreply@zorgportaal.test>',
      logger: { info: (obj) => logged.push(obj) },
      outbox: async (mail) => void outbox.push(mail),
      transport: { secure: false, ignoreTLS: true },
    });
    const link = `http://localhost:8080/change-password/${'A'.repeat(43)}_-x`;
    await mailer.send({
      to: 'jan@example.test',
      subject: 'Wachtwoord herstellen – Zorgportaal',
      text: `Beste Jan,\n\nOpen deze link om een nieuw wachtwoord te kiezen (één uur geldig):\n${link}\n`,
      html: `<p>Open <a href="${link}">deze link</a>.</p>`,
    });
    mailer.close();

    expect(mailer.delivers).toBe(true);
    expect(outbox).toEqual([]);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('noreply@zorgportaal.test');
    expect(mail.to).toEqual(['jan@example.test']);
    const parsed = parseMessage(mail.raw);
    // Non-ASCII subjects are RFC 2047 encoded; decode the UTF-8 "B" or "Q" form nodemailer uses.
    const subject = parsed.subject.replace(
      /=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi,
      (_, enc: string, text: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeBody('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
    );
    expect(subject).toBe('Wachtwoord herstellen – Zorgportaal');
    const text = parsed.parts.find((p) => p.type === 'text/plain')!.body;
    expect(text).toContain('één uur geldig');
    expect(text.match(/https?:\/\/\S+\/change-password\/[A-Za-z0-9_-]+/)?.[0]).toBe(link);
    expect(parsed.parts.find((p) => p.type === 'text/html')!.body).toContain(`href="${link}"`);
    // The log gets the message id, never the link.
    expect(JSON.stringify(logged)).not.toContain(link);
  });

  it('rejects when the SMTP server is not there', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'noreply@zorgportaal.test',
      logger: { info: () => {} },
      outbox: async () => {},
      transport: { connectionTimeout: 2000 },
    });
    await expect(mailer.send({ to: 'jan@example.test', subject: 'x', text: 'y' })).rejects.toThrow();
    mailer.close();
  });
});

describe('mailer without SMTP_URL', () => {
  it('logs recipient, subject and the text with the link token masked; stores the whole mail in the outbox', async () => {
    const logged: { obj: Record<string, unknown>; msg?: string }[] = [];
    const outbox: OutgoingMail[] = [];
    const mailer = createMailer({
      from: 'noreply@zorgportaal.test',
      logger: { info: (obj, msg) => void logged.push({ obj, msg }) },
      outbox: async (mail) => void outbox.push(mail),
    });
    const token = 'Qx7_kP2-vL9mN4rT8wY1zA3bC5dE6fG0hJ2kL4mN6pR';
    const mail = {
      to: 'jan@example.test',
      subject: 'Wachtwoord herstellen',
      text: `Link: http://x/change-password/${token}\nOf: https://x/setup?token=${token}&lang=nl#${token}`,
    };
    await mailer.send(mail);
    expect(mailer.delivers).toBe(false);
    expect(outbox).toEqual([mail]);
    expect(logged).toEqual([
      {
        obj: {
          mail: {
            to: mail.to,
            subject: mail.subject,
            text: 'Link: http://x/change-password/•••\nOf: https://x/setup?token=•••&lang=•••#•••',
          },
        },
        msg: 'Mail not sent (no SMTP_URL)',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain(token.slice(0, 12));
  });

  it('masks only secrets: text, short path segments and the host stay readable', () => {
    expect(maskLinks('Ga naar https://portaal.example/login of bel ons.')).toBe(
      'Ga naar https://portaal.example/login of bel ons.',
    );
    expect(maskLinks('(http://h:8080/a/0123456789abcdefXYZ/b)')).toBe('(http://h:8080/a/•••/b)');
  });
});
