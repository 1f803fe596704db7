import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the portal sent it over SMTP, with its text parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text of every part (plain text and HTML), so a test can find a link in it. */
  text: string;
  receivedAt: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

const splitHeaders = (raw: string): [string, string] => {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0 ? [raw, ''] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
};

/** Just enough MIME for our own mails: single part or (nested) multipart, QP or base64. */
function decodeBody(headers: string, body: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary || !/content-type:\s*multipart\//i.test(headers.replace(/\r?\n\s+/g, ' ')))
    return decodePart(headers, body);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => decodeBody(...splitHeaders(part.replace(/^\r?\n/, ''))))
    .join('\n');
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const [headers, body] = splitHeaders(raw);
  const unfolded = headers.replace(/\r?\n\s+/g, ' ');
  const subject = (/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '').replace(
    /=\?utf-8\?([QB])\?([^?]*)\?=/gi,
    (_, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
  );
  return { from, to, subject, text: decodeBody(unfolded, body), receivedAt: new Date().toISOString() };
}

/**
 * A real SMTP server for the browser tests (they send real mail to a real SMTP server),
 * plus a tiny HTTP endpoint on localhost where tests read what arrived: GET /mails → ReceivedMail[].
 */
export async function startMailbox(): Promise<{ smtpUrl: string; url: string; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    // Plain SMTP on localhost: no TLS upgrade and no login for the portal's nodemailer to negotiate.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http = createHttpServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mails') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(mails));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
