import { inject, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, describeBrowser, logIn, sessionValue, useBrowser } from './support/browser.ts';
import type { ReceivedMail } from './support/mailbox.ts';

/** The seeded secret of the demo account `tweestaps` (packages/server/src/seed/demo-data.ts). */
const TWEESTAPS_SECRET = '3GZWCL6RF5MH6A3PBM3CTWS2C3WHDRUV';

/** RFC 6238 as an authenticator app does it: 30 s, 6 digits, SHA-1 (an implementation independent of the server's). */
const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/**
 * Each code is accepted once per account, so a second code must come from a later 30 s step. The portal
 * accepts one step of clock drift either way, so the next step's code (an authenticator whose clock runs
 * a little ahead) is accepted right away instead of after waiting for that step.
 */
const nextStepCode = (secret: string, usedAt: number) =>
  totp(secret).generate({ timestamp: usedAt + 30_000 });

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${inject('e2e')!.mailboxURL}/mails`);
  const mails = (await response.json()) as ReceivedMail[];
  return mails.filter((mail) => mail.to.includes(address));
}

/** The reset link of the newest mail to `address`, polling until it arrived. */
async function resetLinkFor(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).at(-1);
        link = /https?:\/\/[^\s"'<>]+\/change-password\/[^\s"'<>]+/.exec(mail?.text ?? '')?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByTestId('new-password').fill(password);
  await page.getByTestId('new-password-confirmation').fill(password);
}

const toast = (page: Page) => page.getByTestId('toast');

describeBrowser('account security', () => {
  const browser = useBrowser();

  it('logs in as tweestaps through the 2FA step with a code computed in the test', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    const challenge = page.waitForResponse((r) => r.url().endsWith('/oauth/2fa'));
    await logIn(page, 'tweestaps');
    const challengeResponse = await challenge;
    expect(challengeResponse.status()).toBe(200);
    const { data } = (await challengeResponse.json()) as { data: { twofa_uuid: string } };
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Tweestapsverificatie');

    // A wrong code is the code field's error: the field is emptied and has the focus for the next try.
    const valid = new Set(
      [-1, 0, 1].map((d) => totp(TWEESTAPS_SECRET).generate({ timestamp: Date.now() + d * 30_000 })),
    );
    let wrong = 123456;
    while (valid.has(String(wrong))) wrong++;
    await page.getByTestId('totp-code').fill(String(wrong));
    await page.getByTestId('totp-submit').click();
    await expect.poll(() => page.getByTestId('totp-code').getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByTestId('totp-code').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('totp-code').evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    );

    await page.getByTestId('totp-code').fill(totp(TWEESTAPS_SECRET).generate());
    const tokenRequest = page.waitForRequest(
      (r) => r.url().endsWith('/oauth/token') && (r.postData() ?? '').includes('totp='),
    );
    await page.getByTestId('totp-submit').click();
    const form = new URLSearchParams((await tokenRequest).postData() ?? '');
    expect(form.get('twofa_uuid')).toBe(data.twofa_uuid);
    expect(form.get('account_id')).toMatch(/^\d+$/);
    expect(form.get('username')).toBe('tweestaps');
    await page.waitForURL('**/dashboard');
    expect(await sessionValue(page, 'access_token')).toBeTruthy();
    await context.close();
  });

  it('takes nieuw through the forced password change and lands logged in', async () => {
    const newPassword = 'Lotte-kiest-een-eigen-zin-2026';
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'nieuw');
    await page.getByTestId('password-change-form').waitFor();
    // Live feedback while typing.
    await page.getByTestId('new-password').fill('te-kort');
    await expect(page.getByTestId('password-rule-length').getAttribute('data-ok')).resolves.toBe('false');
    // The current password as the new one is refused by the server, at the field.
    await fillNewPassword(page, DEMO_PASSWORD);
    const same = page.waitForResponse((r) => r.url().endsWith('/api/auth/passwordreset'));
    await page.getByTestId('password-change-submit').click();
    expect((await same).status()).toBe(422);
    await page.getByText('Kies een ander wachtwoord dan uw huidige wachtwoord.').first().waitFor();
    await fillNewPassword(page, newPassword);
    await expect(page.getByTestId('password-rule-length').getAttribute('data-ok')).resolves.toBe('true');
    await expect(page.getByTestId('password-rule-match').getAttribute('data-ok')).resolves.toBe('true');
    const change = page.waitForResponse((r) => r.url().endsWith('/api/auth/passwordreset'));
    await page.getByTestId('password-change-submit').click();
    expect((await change).status()).toBe(200);
    await page.waitForURL('**/dashboard');
    expect(await sessionValue(page, 'access_token')).toBeTruthy();
    expect(await page.getByTestId('user-menu').textContent()).toBe('nieuw');

    // The new password is the password now; the flag is cleared, so no second forced change.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    await logIn(page, 'nieuw', newPassword);
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  // These two change a demo account for good on the shared server: they use accounts no other suite logs in with.
  it('resets a forgotten password: mail → link → new password → login (assistent)', async () => {
    const address = 'assistent@zorgportaal.example';
    const newPassword = 'Willem-vergat-zijn-wachtwoord';
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: /wachtwoord vergeten/i }).click();
    await page.waitForURL('**/forget-password');
    await page.getByTestId('forget-password-email').fill(address);
    await page.getByTestId('forget-password-submit').click();
    await expect(page.getByTestId('forget-password-message').textContent()).resolves.toBeTruthy();

    const link = await resetLinkFor(address);
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    await page.goto(link);
    await fillNewPassword(page, newPassword);
    await page.getByTestId('reset-password-submit').click();
    await page.waitForURL('**/login');
    // The toast container loads with the first toast, so wait for it rather than look once.
    await toast(page)
      .filter({ hasText: /wachtwoord is ingesteld/i })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });

    await logIn(page, 'assistent', newPassword);
    await page.waitForURL('**/management/persons');

    // The link works once: a second use shows the server's message (spec §8: the raw error).
    const second = await browser.newPage();
    await second.page.goto(link);
    await fillNewPassword(second.page, 'Nog-een-ander-wachtwoord');
    await second.page.getByTestId('reset-password-submit').click();
    await expect(
      toast(second.page)
        .filter({ hasText: /gebruikt of verlopen/i })
        .first()
        .waitFor(),
    ).resolves.toBe(undefined);
    expect(second.page.url()).toContain('/change-password/');
    await second.context.close();
    await context.close();
  });

  it(
    'enables 2FA in the settings by reading the secret shown, then logs in with it (centrum)',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await browser.newPage();
      await page.goto('/login');
      await logIn(page, 'centrum');
      await page.waitForURL('**/management/persons');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-settings').click();
      await page.waitForURL('**/user/settings');
      await expect(page.getByTestId('twofa-status').getAttribute('data-enabled')).resolves.toBe('false');

      await page.getByTestId('twofa-enable').click();
      await expect(page.getByTestId('totp-qr').getAttribute('src')).resolves.toMatch(
        /^data:image\/png;base64,/,
      );
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
      const enabledAt = Date.now();
      await page.getByTestId('twofa-code').fill(totp(secret).generate({ timestamp: enabledAt }));
      // Step-up: switching 2FA on needs the current password as well.
      await page.getByTestId('twofa-enable-current-password').fill(DEMO_PASSWORD);
      await page.getByTestId('twofa-confirm').click();
      await expect.poll(() => page.getByTestId('twofa-status').getAttribute('data-enabled')).toBe('true');

      await page.goto('/logout');
      await page.waitForURL('**/login');
      await logIn(page, 'centrum');
      await page.getByTestId('totp-code').fill(nextStepCode(secret, enabledAt));
      await page.getByTestId('totp-submit').click();
      await page.waitForURL('**/management/persons');
      expect(await sessionValue(page, 'access_token')).toBeTruthy();
      await context.close();
    },
  );

  it('logs out after 15 minutes without activity; activity at minute 10 postpones it (browser clock)', async () => {
    const { context, page } = await browser.newPage();
    await page.clock.install();
    await page.goto('/login');
    await logIn(page, 'anker');
    await page.waitForURL('**/dashboard');

    await page.clock.fastForward('10:00');
    await page.mouse.move(200, 200);
    await page.mouse.move(240, 260);
    // 15:01 after login but only 5:01 after the activity: still logged in.
    await page.clock.fastForward('05:01');
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await sessionValue(page, 'access_token')).toBeTruthy();

    // 15 minutes after the activity: the warning, the logout, and session storage cleared.
    const logoutCall = page.waitForResponse((r) => r.url().endsWith('/api/account/logout'));
    await page.clock.fastForward('10:00');
    await page.waitForURL('**/login');
    await logoutCall;
    await toast(page)
      .filter({ hasText: 'U bent uitgelogd omdat u 15 minuten niet actief was.' })
      .first()
      .waitFor();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    await context.close();
  });
});
