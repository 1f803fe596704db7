import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { waitForReady } from './server-process.ts';

export const DEMO_PASSWORD = 'Welkom-demo-2026';
const e2e = inject('e2e');

/** A describe block that runs only when the global setup found Chromium. */
export const describeBrowser = (name: string, fn: () => void) => describe.skipIf(!e2e)(name, fn);

/**
 * The portal of this test file: files run one at a time and are spread over the portals by their name, so
 * with TEST_DATABASE_URL about half of them run against PostgreSQL and the rest against the embedded database.
 */
function portal() {
  const file = basename(expect.getState().testPath ?? '');
  const hash = [...file].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 0);
  return e2e!.portals[hash % e2e!.portals.length]!;
}
export const baseURL = (): string => portal().baseURL;

/** One connection to the shared Chromium per test file; each test gets a fresh context. */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!e2e) return;
    await waitForReady(portal());
    browser = await chromium.connect(e2e.wsEndpoint);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * `serviceWorkers: 'allow'` for the tests of the installable app; every other test blocks the service
     * worker, so a test does not download the app's precache (2 MB) into each fresh context.
     */
    async newPage(
      opts: { serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser!.newContext({
        serviceWorkers: opts.serviceWorkers ?? 'block',
        baseURL: baseURL(),
        locale: 'nl-NL',
        timezoneId: 'Europe/Amsterdam',
        // As a user who turned animations off: the portal then opens dialogs and toasts without transitions
        // (Mantine's respectReducedMotion), so a test waits for the product, not for an animation.
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
  };
}

export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/gebruikersnaam/i).fill(username);
  await page.getByLabel(/wachtwoord/i).fill(password);
  await page.getByRole('button', { name: /inloggen/i }).click();
}

export const sessionValue = (page: Page, key: string) =>
  page.evaluate((k) => window.sessionStorage.getItem(k), key);
