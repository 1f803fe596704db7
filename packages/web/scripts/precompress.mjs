// After `vite build`: writes name.br and name.gz next to every text file of dist over 1 KB, so the
// server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
// Maximum levels: this runs once per build, not per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// The asynchronous forms run on libuv's thread pool: all cores compress at once (the build's longest step).
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

async function precompress(file) {
  const content = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: 9 }),
  ]);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
}

const large = [...files(dist)].filter((file) => statSync(file).size >= 1024);
await Promise.all(large.map(precompress));
console.log(`precompress: ${large.length} files → .br and .gz`);
