import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { freshPostgres } from './support/fresh-postgres.ts';
import { startMailbox } from './support/mailbox.ts';
import { freePort } from './support/server-process.ts';
import { spawnPortal } from '../packages/server/bench/support/topology.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const mainJs = join(repoRoot, 'packages/server/dist/main.js');

/**
 * Two portals with the demo world, each on a fresh database: the first embedded, as a newcomer starts it; the
 * second on PostgreSQL when TEST_DATABASE_URL is set (CI), so the screens are exercised on both databases.
 * Test files run one at a time and each uses one portal, chosen by its name (support/browser.ts).
 */
const E2E_PORTALS = 2;

/**
 * One portal process on its own data directory and port (and, with `postgresUrl`, its own PostgreSQL
 * database). It is not awaited: the portals migrate and seed while the API tests run (every global setup
 * runs before the first test, one after another), and each browser test file waits for its own portal
 * (support/browser.ts).
 */
async function startPortal(env: Record<string, string>, postgresUrl?: string) {
  const postgres = postgresUrl ? await freshPostgres(postgresUrl) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'zp-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawnPortal(port, dataDir, {
    DEMO_DATA: 'true',
    DATABASE_URL: postgres?.url ?? '',
    // A PostgreSQL portal needs its own key (the embedded one keeps a generated key in DATA_DIR).
    ...(postgres ? { SECRET_KEY: randomBytes(32).toString('hex') } : {}),
    PUBLIC_URL: '',
    // Backups are refused without the operator's key; a test key keeps the portal as an operator runs it.
    BACKUP_KEY: randomBytes(32).toString('hex'),
    ...env,
  });
  let stopping = false;
  // A portal that dies while starting says so in this file: the browser tests waiting for it fail at once.
  const exitFile = `${dataDir}.exit`;
  server.once('exit', (code, signal) => {
    if (!stopping)
      writeFileSync(
        exitFile,
        `The e2e portal on port ${port} exited early (code ${code}, signal ${signal}).`,
      );
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(exitFile, { force: true });
    await postgres?.drop();
  };
  return { baseURL, exitFile, stop };
}

/**
 * Starts the portals, one headless Chromium and one SMTP server (the portals' SMTP_URL; tests read the
 * mails it received from a small HTTP endpoint) for all browser tests. Without Chromium the tests are
 * skipped, unless E2E_REQUIRED=1 (CI), where that is a failure.
 */
export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  if (!executablePath) {
    const message =
      'Browser tests skipped: no Chromium at CHROME_PATH or /usr/bin/chromium. Install it with `apt-get install chromium` (Debian) or set CHROME_PATH.';
    if (process.env.E2E_REQUIRED === '1') throw new Error(message.replace('skipped', 'required'));
    console.warn(`\n${message}\n`);
    project.provide('e2e', null);
    return;
  }
  if (!existsSync(mainJs))
    throw new Error('The portal is not built: run `npm run build` first (npm test does).');

  // The port the integrations browser test's stand-in ECD listens on: a bare host in INTEGRATION_HOSTS
  // allows only ports 80/443, so the allowed entry names this port.
  const ecdPort = await freePort();
  const mailbox = await startMailbox();
  const env = { SMTP_URL: mailbox.smtpUrl, INTEGRATION_HOSTS: `127.0.0.1:${ecdPort}` };
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const started = await Promise.allSettled(
    Array.from({ length: E2E_PORTALS }, (_, i) => startPortal(env, i === 1 ? postgresUrl : undefined)),
  );
  const portals = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  let browser: BrowserServer | undefined;
  const stopAll = async () => {
    await browser?.close();
    await Promise.all(portals.map((portal) => portal.stop()));
    await mailbox.close();
  };
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('e2e', {
    portals: portals.map(({ baseURL, exitFile }) => ({ baseURL, exitFile })),
    wsEndpoint: browser.wsEndpoint(),
    mailboxURL: mailbox.url,
    ecdPort,
  });
  return stopAll;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      /** The portals (embedded first); support/browser.ts picks one per test file. */
      portals: { baseURL: string; exitFile: string }[];
      wsEndpoint: string;
      mailboxURL: string;
      ecdPort: number;
    } | null;
  }
}
