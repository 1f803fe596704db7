import type { FastifyInstance } from 'fastify';
import { expireOrders } from './queries/index.ts';

/** How often each instance looks for orders to expire; the job is safe on several instances at once. */
export const EXPIRY_INTERVAL_MS = 10 * 60_000;

/** Runs the expiry job once when the app is ready and then every EXPIRY_INTERVAL_MS, until it closes. */
export function scheduleExpiry(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    expireOrders(app.db, new Date())
      .then((n) => {
        if (n > 0) app.log.info({ expired: n }, 'orders expired');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'order expiry failed'));
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), EXPIRY_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
