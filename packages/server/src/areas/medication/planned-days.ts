import type { FastifyInstance } from 'fastify';
import { addDays, localDate } from '../../platform/time.ts';
import { rollOverPlannedDays } from './queries/planned.ts';

/** How often each instance stores the coming day's planned moments; safe on several instances at once. */
export const ROLL_OVER_INTERVAL_MS = 60 * 60_000;
/**
 * How long getting ready waits for the first round. On a national database (hundreds of thousands of agreements)
 * a round takes longer than Fastify gives a ready hook (10 s), and an instance that cannot start on a new day is
 * worse than a list that stores its day on first read: after this the round goes on in the background.
 */
export const STARTUP_WAIT_MS = 5_000;

const storeTodayAndTomorrow = async (app: FastifyInstance) => {
  const today = localDate(new Date());
  for (const day of [today, addDays(today, 1)]) await rollOverPlannedDays(app.db, day);
};

/**
 * The day roll-over of the stored planned moments (`planned_moments`): as the app gets ready and then
 * every hour, today and tomorrow for every agreement in force that has no stored day yet. A day it has
 * not reached (or an agreement written outside the agreement writes) is stored the first time it is read.
 * One round at a time per instance: a round still running when the next is due is not started twice.
 */
export function scheduleRollOver(
  app: FastifyInstance,
  roll: (app: FastifyInstance) => Promise<void> = storeTodayAndTomorrow,
  startupWaitMs = STARTUP_WAIT_MS,
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const safely = () =>
    (running ??= roll(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'planned moments roll-over failed'))
      .finally(() => {
        running = null;
      }));
  app.addHook('onReady', async () => {
    // Awaited, within a bound: on an ordinary database the first round is done before the app answers (and
    // before a test counts statements); a longer one finishes in the background.
    let waited: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((done) => (waited = setTimeout(done, startupWaitMs)));
    await Promise.race([safely(), bound]);
    clearTimeout(waited);
    timer = setInterval(() => void safely(), ROLL_OVER_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
