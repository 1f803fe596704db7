import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';

/** The budget of docs/performance.md: what a nurse's tablet downloads before it can log in. */
const LOGIN_JS_BUDGET_BYTES = 120 * 1024;

describeBrowser('the /login page stays light', () => {
  const browser = useBrowser();

  it('loads at most 120 KB of compressed JavaScript, and no zod (the schemas load with the full app)', async () => {
    const { context, page } = await browser.newPage();
    const scripts: {
      url: string;
      encoding: string | undefined;
      size: Promise<number>;
      body: Promise<string>;
    }[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      scripts.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        size: response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
        body: response.text(),
      });
    });
    await page.goto('/login');
    await page.getByTestId('login-username').waitFor();
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const script of scripts) {
      expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
      total += await script.size;
      // zod's object schemas carry this error message; none of it belongs on /login.
      expect(await script.body, script.url).not.toContain('Invalid input: expected');
    }
    expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    await context.close();
  });
});
