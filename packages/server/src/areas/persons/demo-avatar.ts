import { deflateSync } from 'node:zlib';

/**
 * Demo photos for the demo clients: deterministic flat illustrations (a head-and-shoulders silhouette on
 * a coloured background), clearly no real people, encoded as small PNGs in code (no image library).
 * The photo storage accepts PNG, JPEG and WebP data URLs (account/avatar-image.ts); these are PNG.
 */

const SIZE = 96;

/** CRC-32 (ISO-HDLC), as every PNG chunk needs. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];

/** An RGB image of `width` × `height` as PNG bytes (colour type 2, 8 bits, no filter). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter type None
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BACKGROUNDS: Rgb[] = [
  [0x4c, 0x6e, 0xf5],
  [0x12, 0xb8, 0x86],
  [0xf0, 0x8c, 0x00],
  [0x7c, 0x4d, 0xff],
  [0xe6, 0x49, 0x80],
  [0x15, 0xaa, 0xbf],
];
const FIGURES: Rgb[] = [
  [0xff, 0xf3, 0xe0],
  [0xf8, 0xf9, 0xfa],
  [0xff, 0xe8, 0xcc],
];

/** The demo illustration number `n`: background and figure colours vary with n, the shape does not. */
export function demoAvatarPng(n: number): Buffer {
  const background = BACKGROUNDS[n % BACKGROUNDS.length]!;
  const figure = FIGURES[Math.floor(n / BACKGROUNDS.length) % FIGURES.length]!;
  const c = SIZE / 2;
  return encodePng(SIZE, SIZE, (x, y) => {
    const head = (x - c) ** 2 + (y - 38) ** 2 <= 17 ** 2;
    const shoulders = y >= 62 && ((x - c) / 34) ** 2 + ((y - 96) / 34) ** 2 <= 1;
    return head || shoulders ? figure : background;
  });
}

/** The illustration as the data URL the persons table stores. */
export const demoAvatarDataUrl = (n: number): string =>
  `data:image/png;base64,${demoAvatarPng(n).toString('base64')}`;
