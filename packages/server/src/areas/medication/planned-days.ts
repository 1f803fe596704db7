import type { FastifyInstance } from 'fastify';
import { addDays, localDate } from '../../platform/time.ts';
import { rollOverPlannedDays } from './queries/planned.ts';

/** How often each instance stores the coming day's planned moments; safe on several instances at once. */
export const ROLL_OVER_INTERVAL_MS = 60 * 60_000;

/**
 * The day roll-over of the stored planned moments (`planned_moments`): as the app gets ready and then
 * every hour, today and tomorrow for every agreement in force that has no stored day yet. A day it has
 * not reached (or an agreement written outside the agreement writes) is stored the first time it is read.
 */
export function scheduleRollOver(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const run = async () => {
    const today = localDate(new Date());
    for (const day of [today, addDays(today, 1)]) await rollOverPlannedDays(app.db, day);
  };
  const safely = () =>
    run().catch((error: unknown) => app.log.warn({ err: error }, 'planned moments roll-over failed'));
  app.addHook('onReady', async () => {
    // Awaited: the first round is done before the app answers (and before a test counts statements).
    await safely();
    timer = setInterval(() => void safely(), ROLL_OVER_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
