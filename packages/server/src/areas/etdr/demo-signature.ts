import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo world's eTDR signature: pen strokes drawn into a 360×120 transparent PNG, so the consent
 * dialog and print show what a signature pad produces (not a stretched 1×1 pixel).
 */
const WIDTH = 360;
const HEIGHT = 120;
const INK = [30, 41, 89] as const;

type Point = [number, number];

/** The strokes: a looping name, a crossing stroke and an underline flourish. */
function strokes(): Point[][] {
  const name: Point[] = [];
  for (let s = 0; s <= 1; s += 0.0015) {
    // Loops of changing size and pace, as a hand writes them.
    const phase = 2 * Math.PI * (4.2 * s + 1.6 * s * s);
    const size = 0.55 + 0.45 * Math.abs(Math.sin(s * 2.6 * Math.PI));
    const x = 30 + s * 240 + 16 * size * Math.cos(phase);
    const y = 60 - 28 * size * Math.sin(phase) - 12 * s;
    name.push([x, y]);
  }
  const initial: Point[] = [];
  for (let s = 0; s <= 1; s += 0.004) initial.push([36 + 10 * s, 18 + 72 * s * s]);
  const underline: Point[] = [];
  for (let s = 0; s <= 1; s += 0.002)
    underline.push([24 + s * 310, 98 - 8 * Math.sin(s * Math.PI) + 5 * Math.sin(s * 3 * Math.PI)]);
  return [initial, name, underline];
}

function draw(): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
  const radius = 1.6;
  for (const stroke of strokes())
    for (const [cx, cy] of stroke)
      for (let y = Math.floor(cy - radius - 1); y <= cy + radius + 1; y++)
        for (let x = Math.floor(cx - radius - 1); x <= cx + radius + 1; x++) {
          if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) continue;
          // Soft edge: full ink inside the pen, fading over one pixel.
          const cover = Math.max(0, Math.min(1, radius + 0.5 - Math.hypot(x - cx, y - cy)));
          const i = (y * WIDTH + x) * 4;
          pixels.set(INK, i);
          pixels[i + 3] = Math.max(pixels[i + 3]!, Math.round(cover * 255));
        }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function encodePng(pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const raw = Buffer.alloc((WIDTH * 4 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    Buffer.from(pixels.buffer, y * WIDTH * 4, WIDTH * 4).copy(raw, y * (WIDTH * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Base64 of the PNG (as stored in consents.signature_png). */
export const DEMO_SIGNATURE_PNG = encodePng(draw()).toString('base64');
export const DEMO_SIGNATURE_SIZE = { width: WIDTH, height: HEIGHT };
