import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses API JSON and other text answers over 1 KB: Brotli when the client accepts it, gzip
 * otherwise. Quality 4 keeps Brotli about as cheap as gzip per request (11, the default, costs
 * tens of milliseconds on a large list). Built web assets are compressed at build time instead
 * (web.ts, preCompressed); an answer that already carries Content-Encoding is left alone.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
