import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { startMailbox } from './support/mailbox.ts';
import { freePort, waitForReady } from './support/server-process.ts';

const repoRoot = resolve(import.meta.dirname, '..');

/**
 * Starts one portal (the built server on a fresh embedded database with the demo world),
 * one headless Chromium and one SMTP server (the portal's SMTP_URL; tests read the mails it
 * received from a small HTTP endpoint) for all browser tests. Without Chromium the tests are skipped,
 * unless E2E_REQUIRED=1 (CI), where that is a failure.
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
  const mainJs = join(repoRoot, 'packages/server/dist/main.js');
  if (!existsSync(mainJs))
    throw new Error('The portal is not built: run `npm run build` first (npm test does).');

  const dataDir = mkdtempSync(join(tmpdir(), 'zp-e2e-'));
  const port = await freePort();
  // The port the integrations browser test's stand-in ECD listens on: a bare host in INTEGRATION_HOSTS
  // allows only ports 80/443, so the allowed entry names this port.
  const ecdPort = await freePort();
  const mailbox = await startMailbox();
  const server: ChildProcess = spawn(process.execPath, [mainJs], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: mailbox.smtpUrl,
      PUBLIC_URL: '',
      // The browser test's stand-in ECD listens on this machine.
      INTEGRATION_HOSTS: `127.0.0.1:${ecdPort}`,
      // Backups are refused without the operator's key; a test key keeps the portal as an operator runs it.
      BACKUP_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  let browser: BrowserServer | undefined;
  try {
    await waitForReady(baseURL, server);
    browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    server.kill('SIGKILL');
    await mailbox.close();
    throw error;
  }
  project.provide('e2e', { baseURL, wsEndpoint: browser.wsEndpoint(), mailboxURL: mailbox.url, ecdPort });

  return async () => {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseURL: string; wsEndpoint: string; mailboxURL: string; ecdPort: number } | null;
  }
}
