import type { Page } from 'playwright-core';
import { deriveEntityType, SESSION_KEYS, type EntitySettings } from '@zorgportaal/contract';
import { passwordGrant } from './api.ts';
import { baseURL, DEMO_PASSWORD } from './browser.ts';

/**
 * Opens `path` in a fresh tab as `username`, already signed in: the test asks the portal's password grant and
 * the organisation's settings itself, and the tab's first document finds the answer in its session storage the
 * way the login page leaves it (packages/web/src/lib/session.ts: `storeTokens`, `setEntityType`): written by an
 * init script that runs before the app, for that one load only, so a later logout stays a logout.
 *
 * For every test whose subject is not the login (the login is tested through its form with `logIn` in
 * foundation, account-security and inactivity), so a change of the login page breaks only those. Against the
 * login page in a fresh context: 7.60 → 7.30 Chromium CPU-s and 5.48 → 5.36 s for a login and the Toedienlijst
 * (eight interleaved rounds; writing the storage on a same-origin `/health/live` page first: 7.48 and 5.41 s).
 * The expiry is computed in the page, so a test that installed a fake clock (`page.clock`) gets one on it.
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
  const signedIn = await page.addInitScript(
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
  await signedIn.dispose();
}
