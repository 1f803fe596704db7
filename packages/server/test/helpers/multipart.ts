import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  name: string;
  content: Buffer;
  /** What the client claims; the server must not trust it. */
  type?: string;
}

/** A multipart/form-data body for `inject`: text fields and files, in the order given. */
export function multipart(parts: Record<string, string | MultipartFile>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----zp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [field, value] of Object.entries(parts)) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${value.name}"\r\n` +
            `Content-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A minimal but valid one-page PDF, padded to `size` bytes with a comment. */
export function pdfBytes(size = 0, marker = 'Zorgportaal'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  const base = Buffer.from(body);
  return size > base.length ? Buffer.concat([base, Buffer.alloc(size - base.length, 0x20)]) : base;
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a Windows executable. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
