import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { checkAvatar, sniffImageType } from './avatar-image.ts';

const LIMITS = { maxBytes: 300_000, maxPx: 256 };
const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

/** A JPEG head: SOI, an APP0 segment, then SOF0 with the size (enough for a header reader). */
function jpeg(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const frame = Buffer.alloc(19);
  frame.set([0xff, sof, 0x00, 0x11, 0x08]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(chunk, 12, 'latin1');
  if (chunk === 'VP8 ') {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
}

describe('checkAvatar', () => {
  it('reads the size of real PNGs and refuses one over the pixel limit', async () => {
    const small = await QRCode.toBuffer('zorgportaal', { width: 64 });
    expect(checkAvatar(dataUrl('png', small), LIMITS)).toMatchObject({
      ok: true,
      type: 'png',
      width: 64,
      height: 64,
    });
    const big = await QRCode.toBuffer('zorgportaal', { width: 512 });
    expect(checkAvatar(dataUrl('png', big), LIMITS)).toEqual({ ok: false, problem: 'dimensions' });
  });

  it('reads JPEG frames after other segments, baseline and progressive', () => {
    expect(checkAvatar(dataUrl('jpeg', jpeg(200, 100)), LIMITS)).toMatchObject({
      ok: true,
      width: 200,
      height: 100,
    });
    expect(checkAvatar(dataUrl('jpeg', jpeg(120, 90, 0xc2)), LIMITS)).toMatchObject({ ok: true, width: 120 });
    expect(checkAvatar(dataUrl('jpeg', jpeg(300, 10)), LIMITS)).toEqual({ ok: false, problem: 'dimensions' });
  });

  it.each(['VP8 ', 'VP8L', 'VP8X'] as const)('reads WebP %s headers', (chunk) => {
    expect(checkAvatar(dataUrl('webp', webp(chunk, 256, 17)), LIMITS)).toMatchObject({
      ok: true,
      width: 256,
      height: 17,
    });
    expect(checkAvatar(dataUrl('webp', webp(chunk, 257, 17)), LIMITS)).toEqual({
      ok: false,
      problem: 'dimensions',
    });
  });

  it('checks the content, not the declared type', () => {
    expect(checkAvatar(dataUrl('png', jpeg(10, 10)), LIMITS)).toEqual({
      ok: false,
      problem: 'type_mismatch',
    });
    expect(checkAvatar(dataUrl('png', Buffer.from('<svg onload=alert(1)>')), LIMITS)).toEqual({
      ok: false,
      problem: 'format',
    });
    expect(checkAvatar('data:image/gif;base64,R0lGODlh', LIMITS)).toEqual({ ok: false, problem: 'format' });
    expect(sniffImageType(Buffer.alloc(2))).toBeNull();
  });

  it('refuses more bytes than allowed before looking inside', () => {
    const huge = Buffer.concat([jpeg(10, 10), Buffer.alloc(300_001)]);
    expect(checkAvatar(dataUrl('jpeg', huge), LIMITS)).toEqual({ ok: false, problem: 'too_large' });
  });
});
