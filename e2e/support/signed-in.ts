import type { Page } from 'playwright-core';
import { deriveEntityType, SESSION_KEYS, type EntitySettings } from '@zorgportaal/contract';
import { passwordGrant } from './api.ts';
import { baseURL, DEMO_PASSWORD } from './browser.ts';

/**
 * Opens `path` in a fresh tab as `username`, already signed in: the test asks the portal's password grant and
 * the organisation's settings itself and puts the answer in the tab's session storage the way the login page
 * does (packages/web/src/lib/session.ts: `storeTokens`, `setEntityType`), then loads `path` once.
 *
 * For every test whose subject is not the login: the login page in a fresh browser context, its form and the
 * step to the app cost about 0.9 s of Chromium's CPU per test. The login itself is tested through its form
 * (foundation, account-security and inactivity use `logIn`).
 *
 * The storage is written on a same-origin page without the app (`/health/live`), so nothing of the app runs
 * before the session is there; the expiry is computed in the page, so a test that installed a fake clock
 * (`page.clock`) gets one on that clock, as with the login form.
 */
export async function openSignedIn(
  page: Page,
  path: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const base = baseURL();
  const grant = await passwordGrant(base, username, password);
  const settings = await fetch(`${base}/api/management/settings`, {
    headers: { authorization: `Bearer ${grant.access_token}` },
  });
  if (!settings.ok) throw new Error(`settings of ${username}: ${settings.status} ${await settings.text()}`);
  const entityType = deriveEntityType((await settings.json()) as EntitySettings);
  await page.goto('/health/live');
  await page.evaluate(
    ({ keys, grant, entityType }) => {
      const storage = window.sessionStorage;
      storage.setItem(keys.accessToken, grant.access_token);
      storage.setItem(keys.refreshToken, grant.refresh_token);
      storage.setItem(keys.expiresAt, String(Date.now() + grant.expires_in * 1000));
      if (grant.Account)
        storage.setItem(
          keys.account,
          JSON.stringify({ ...grant.Account, Permissions: grant.Permissions ?? grant.Account.Permissions }),
        );
      storage.setItem(keys.entityType, entityType);
    },
    { keys: SESSION_KEYS, grant, entityType },
  );
  await page.goto(path);
}
