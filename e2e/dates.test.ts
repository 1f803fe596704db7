import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * One date input everywhere (DD-MM-YYYY): an impossible date of birth typed in Personen is a field
 * error, nothing is sent, and the stored date stays as it was.
 */
const run = Date.now().toString(36);
const lastName = `Datumtest${run}`;

/** The person as the API has it now (read with the page's own session). */
const storedPerson = (page: Page, id: string) =>
  page.evaluate(async (personId) => {
    const response = await fetch(`/api/person/${personId}`, {
      headers: { Authorization: `Bearer ${sessionStorage.getItem('access_token')}` },
    });
    return ((await response.json()) as { Person: { DateOfBirth: string | null } }).Person;
  }, id);

describeBrowser('dates (DD-MM-YYYY, impossible dates refused)', () => {
  const browser = useBrowser();

  it('refuses 31-02-1949 as a date of birth in Personen and keeps the stored date', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/management/persons', 'beheerder');
    await page.getByTestId('persons-table').waitFor();

    await page.getByTestId('person-create').click();
    const form = page.getByTestId('person-form');
    await form.getByTestId('person-form-firstNames').fill('Datum');
    await form.getByTestId('person-form-lastName').fill(lastName);
    await form.getByTestId('person-form-dateOfBirth').fill('04-07-1961');
    await form.getByTestId('person-form-save').click();
    await page
      .getByTestId('toast')
      .filter({ hasText: /persoon is aangemaakt/ })
      .first()
      .waitFor();
    await form.waitFor({ state: 'detached' });

    await page.getByTestId('persons-search').fill(lastName);
    const row = page
      .getByTestId('person-row')
      .filter({ has: page.getByTestId('person-name').getByText(lastName) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('person-date-of-birth').textContent()).toBe('04-07-1961');
    const id = (await row.getAttribute('data-person-id'))!;

    // Edit: the stored date shows as DD-MM-YYYY; an impossible one is a field error, no request goes out.
    await row.getByTestId('person-actions').click();
    await page.getByTestId('person-action-edit').click();
    const dateInput = form.getByTestId('person-form-dateOfBirth');
    await expect.poll(() => dateInput.inputValue()).toBe('04-07-1961');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/person/')) writes.push(request.url());
    });
    await dateInput.fill('31-02-1949');
    await form.getByTestId('person-form-save').click();
    await form.getByText('Vul een bestaande datum in.').waitFor();
    expect(await dateInput.getAttribute('aria-invalid')).toBe('true');
    expect(await dateInput.inputValue()).toBe('31-02-1949');
    expect(writes).toEqual([]);
    expect((await storedPerson(page, id)).DateOfBirth).toBe('1961-07-04');

    // Cancel: the list still shows the stored date.
    await form.getByTestId('person-form-cancel').click();
    await form.waitFor({ state: 'detached' });
    expect(await row.getByTestId('person-date-of-birth').textContent()).toBe('04-07-1961');
    await context.close();
  });
});
