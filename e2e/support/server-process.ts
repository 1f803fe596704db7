import { existsSync, readFileSync } from 'node:fs';

/** The bench's topology helpers own it; the browser tests' portals take their ports the same way. */
export { freePort } from '../../packages/server/bench/support/topology.ts';

/**
 * Polls /health/ready until the portal answers. The portals start in the background (global-setup.ts):
 * the first browser file on a portal waits here, the others find it ready.
 */
export async function waitForReady(
  { baseURL, exitFile }: { baseURL: string; exitFile: string },
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(exitFile)) throw new Error(readFileSync(exitFile, 'utf8'));
    try {
      const response = await fetch(`${baseURL}/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The portal at ${baseURL} was not ready within ${timeoutMs} ms (see its output above)`);
}
