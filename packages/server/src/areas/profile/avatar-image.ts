/**
 * Checks an uploaded avatar by its content, not by what the client says (security.md "Uploads":
 * allowed types checked by content): the magic number must match the declared type, and the
 * dimensions are read from the PNG, JPEG or WebP header without decoding the image.
 */
export type AvatarType = 'png' | 'jpeg' | 'webp';

export type AvatarCheck =
  | { ok: true; type: AvatarType; bytes: number; width: number; height: number }
  | { ok: false; problem: 'format' | 'type_mismatch' | 'too_large' | 'dimensions' };

const DATA_URL = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/;

/** The type the bytes really are, by magic number. */
export function sniffImageType(b: Buffer): AvatarType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

function pngSize(b: Buffer) {
  // The IHDR chunk comes first: width and height as big-endian uint32 at offsets 16 and 20.
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpegSize(b: Buffer) {
  // Walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG and DAC).
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Buffer) {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/** Checks a `data:image/...;base64,...` avatar against the byte and pixel limits. */
export function checkAvatar(dataUrl: string, limits: { maxBytes: number; maxPx: number }): AvatarCheck {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return { ok: false, problem: 'format' };
  const declared = match[1] as AvatarType;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > limits.maxBytes) return { ok: false, problem: 'too_large' };
  const actual = sniffImageType(bytes);
  if (actual === null) return { ok: false, problem: 'format' };
  if (actual !== declared) return { ok: false, problem: 'type_mismatch' };
  const size = actual === 'png' ? pngSize(bytes) : actual === 'jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (!size) return { ok: false, problem: 'format' };
  if (size.width < 1 || size.height < 1 || size.width > limits.maxPx || size.height > limits.maxPx)
    return { ok: false, problem: 'dimensions' };
  return { ok: true, type: actual, bytes: bytes.length, ...size };
}
