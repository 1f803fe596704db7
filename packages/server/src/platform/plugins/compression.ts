import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Quality 4 keeps Brotli about as cheap as gzip per request (11, the default, costs tens of ms on a large list). */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/**
 * Answers up to this size are compressed in one synchronous call instead of through a zlib stream on the thread
 * pool (the plugin's default on two cores: 8 KB). A stream costs ~0.15–0.2 CPU-ms more per answer than the
 * compression itself (bench/compress-answer.ts), and on this product's machines the pool's threads share the same
 * two busy cores with the database, so nothing is gained by handing the work over. 256 KB, a large page, takes
 * about a millisecond in the request's thread.
 */
const SYNC_THRESHOLD = 256 * 1024;

/**
 * Compresses API JSON and other text answers over 1 KB: Brotli when the client accepts it, gzip
 * otherwise. Built web assets are compressed at build time instead (web.ts, preCompressed); an answer
 * that already carries Content-Encoding is left alone.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      syncThreshold: SYNC_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      zlibOptions: { level: GZIP_LEVEL },
    });
  },
  { name: 'compression' },
);
