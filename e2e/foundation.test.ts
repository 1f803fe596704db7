import { expect, it } from 'vitest';
import { describeBrowser, logIn, sessionValue, useBrowser } from './support/browser.ts';

describeBrowser('routing, login and the session', () => {
  const browser = useBrowser();

  it('sends a logged-out deep link to /login and back there after login', async () => {
    const { context, page } = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/management/log');
    await page.waitForURL('**/login');
    await page.getByLabel(/gebruikersnaam/i).waitFor();
    // The form comes from the entry chunk: the router and the Logboek load while the user types, not before.
    expect(scripts.filter((path) => /\/(full-app|log)-[\w-]+\.js$/.test(path))).toEqual([]);
    await logIn(page, 'beheerder');
    await page.waitForURL('**/management/log');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Logboek/);
    expect(await page.title()).toMatch(/^Logboek/);
    await context.close();
  });

  it('lands a pharmacy on Personen and a care centre on the dashboard', async () => {
    const pharmacy = await browser.newPage();
    await pharmacy.page.goto('/login');
    await logIn(pharmacy.page, 'apotheker');
    await pharmacy.page.waitForURL('**/management/persons');
    expect(await sessionValue(pharmacy.page, 'entity_type')).toBe('pharmacy');
    await pharmacy.context.close();

    const care = await browser.newPage();
    await care.page.goto('/login');
    await logIn(care.page, 'verpleegkundige');
    await care.page.waitForURL('**/dashboard');
    expect(await sessionValue(care.page, 'entity_type')).toBe('carecenter');
    expect(await care.page.title()).toMatch(/^Dashboard/);
    await care.context.close();
  });

  it('sends a user without the permission to / (and so to their home page)', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'verpleegkundige');
    await page.waitForURL('**/dashboard');
    await page.goto('/management/log');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Dashboard/);
    await context.close();
  });

  it('sends an unknown path to /login', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/dit/bestaat/niet');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('renews an expired access token transparently before the next request', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'beheerder');
    await page.waitForURL('**/dashboard');
    const before = await sessionValue(page, 'access_token');
    const refreshBefore = await sessionValue(page, 'refresh_token');
    // Whichever document renews (a background request of the old page the moment the expiry is in the
    // past, or the reloaded one; a renewal cut off by the reload is retried with the same refresh token
    // and gets the same pair), the condition is the same: new tokens in session storage, still on the dashboard.
    await page.evaluate(() => window.sessionStorage.setItem('expires_at', String(Date.now() - 1000)));
    await page.reload();
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.evaluate(() => Number(window.sessionStorage.getItem('expires_at')) > Date.now()), {
        timeout: 30_000,
      })
      .toBe(true);
    const after = await sessionValue(page, 'access_token');
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(await sessionValue(page, 'refresh_token')).not.toBe(refreshBefore);
    expect(page.url()).toMatch(/\/dashboard$/);
    await context.close();
  });

  it('keeps the user logged in when a renewal answer is lost to a reload at the moment of expiry', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'beheerder');
    await page.waitForURL('**/dashboard');
    const refreshBefore = await sessionValue(page, 'refresh_token');
    // The first renewal reaches the server (which rotates the refresh token) but its answer never
    // reaches the page, as when the page is reloaded while the answer is on its way.
    const presented: string[] = [];
    let lostAnswer!: () => void;
    const answerLost = new Promise<void>((resolve) => (lostAnswer = resolve));
    await page.route('**/oauth/token', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      if (form.get('grant_type') !== 'refresh_token') return route.continue();
      presented.push(form.get('refresh_token') ?? '');
      if (presented.length > 1) return route.continue();
      try {
        await route.fetch();
        await route.abort('connectionreset');
      } finally {
        lostAnswer();
      }
    });
    await page.evaluate(() => window.sessionStorage.setItem('expires_at', String(Date.now() - 1000)));
    await page.reload();
    await answerLost;
    // The page still holds the used refresh token and presents it again (a background request may
    // already have; otherwise the next load does). Before the retry window it revoked the session.
    if (presented.length < 2) await page.reload();
    await expect.poll(() => presented.length, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(presented.slice(0, 2)).toEqual([refreshBefore, refreshBefore]);
    await expect.poll(() => sessionValue(page, 'refresh_token'), { timeout: 30_000 }).not.toBe(refreshBefore);
    expect(await sessionValue(page, 'refresh_token')).not.toBeNull();
    // The session lives on: another load shows the dashboard with the renewed tokens.
    const dashboard = page.waitForResponse((r) => r.url().includes('/api/dashboard') && r.status() === 200);
    await page.reload();
    await dashboard;
    expect(page.url()).toMatch(/\/dashboard$/);
    await context.close();
  });

  it('renews once and retries when the server answers 401', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'beheerder');
    await page.waitForURL('**/dashboard');
    const renewal = page.waitForResponse((r) => r.url().endsWith('/oauth/token') && r.status() === 200);
    await page.evaluate(() => window.sessionStorage.setItem('access_token', 'not-a-valid-token'));
    await page.reload();
    await renewal;
    await expect
      .poll(() => sessionValue(page, 'access_token'), { timeout: 15_000 })
      .not.toBe('not-a-valid-token');
    expect(page.url()).toMatch(/\/dashboard$/);
    await context.close();
  });

  it('logs out through the server and clears session storage', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'beheerder');
    await page.waitForURL('**/dashboard');
    const token = await sessionValue(page, 'access_token');
    const logoutCall = page.waitForResponse((r) => r.url().endsWith('/api/account/logout'));
    await page.goto('/logout');
    expect((await logoutCall).ok()).toBe(true);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    // The revoked token is refused by the server.
    const status = await page.evaluate(
      (t) =>
        fetch('/api/management/settings', { headers: { Authorization: `Bearer ${t}` } }).then(
          (r) => r.status,
        ),
      token,
    );
    expect(status).toBe(401);
    await context.close();
  });
});
