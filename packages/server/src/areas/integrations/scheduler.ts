import type { FastifyInstance } from 'fastify';
import { claimDueIntegration } from './queries/index.ts';
import { runIntegration } from './run.ts';

/** How often each instance looks for integrations whose scheduled run is due. */
export const SCHEDULER_INTERVAL_MS = 60_000;
/** At most this many runs per look, so one look never holds an instance for long. */
const RUNS_PER_LOOK = 10;

/**
 * One look of the scheduler: claims due integrations one at a time (claimDueIntegration: safe with several
 * instances on one PostgreSQL, each run claimed by exactly one) and runs each as the integration itself, its
 * report and audit entries as a manual run's. A run that fails is in its report; the next is not held up.
 * Returns the ids of the reports written.
 */
export async function runDueIntegrations(app: FastifyInstance, now = new Date()): Promise<number[]> {
  const reports: number[] = [];
  for (let n = 0; n < RUNS_PER_LOOK; n++) {
    const integration = await claimDueIntegration(app.db, now);
    if (!integration) break;
    try {
      reports.push(await runIntegration(app, integration, { scheduled: true }));
    } catch (error) {
      app.log.warn({ err: error, integration: integration.id }, 'scheduled integration run failed');
    }
  }
  return reports;
}

/**
 * Runs the scheduler on every instance from when the app is ready: a look every SCHEDULER_INTERVAL_MS (not
 * two at once in one process), until it closes. With PGlite there is one process; with PostgreSQL every
 * instance looks and the claim decides.
 */
export function scheduleIntegrations(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      await runDueIntegrations(app);
    } catch (error) {
      app.log.warn({ err: error }, 'integration scheduler failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void look(), SCHEDULER_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
