import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';

export const DEMO_PASSWORD = 'Welkom-demo-2026';
const e2e = inject('e2e');

/** A describe block that runs only when the global setup found Chromium. */
export const describeBrowser = (name: string, fn: () => void) => describe.skipIf(!e2e)(name, fn);

/** This worker's own portal: files running at the same moment never share a demo world. */
export const baseURL = () =>
  e2e!.baseURLs[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % e2e!.baseURLs.length]!;

/** One connection to the shared Chromium per test file; each test gets a fresh context. */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (e2e) browser = await chromium.connect(e2e.wsEndpoint);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser!.newContext({
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
