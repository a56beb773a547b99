// The audit trail in the browser: a sequence row's vial and injections changed on the page read back as
// "Vial 3 → 83" and "Injections 1 → 2" with who and when (local time with its zone), in the sequence's
// Audit trail panel and on the Audit page, filtered by text (vial 83, which no other test uses, so the
// filter finds this row alone), with the chain verified and a CSV to save.
import { expect, test, type Page } from './fixtures.ts';
import { DEMO, shot, signInThroughPage } from './helpers.ts';

const FAST_METHOD = 'Example: isocratic C18, 60 % acetonitrile';

/**
 * Changes one cell of the table and waits for the server to store it (the next change starts from it). The
 * table redraws from the server after each save; the cell keeps what is typed into it meanwhile, so one fill
 * and blur is enough.
 */
async function commit(page: Page, label: string, value: string) {
  const input = page.getByLabel(label);
  await input.fill(value);
  const saved = page.waitForResponse(
    (response) => /\/drafts\//.test(response.url()) && response.request().method() === 'PATCH',
  );
  await input.blur();
  expect((await saved).ok()).toBe(true);
  await expect(input).toHaveValue(value);
}

test('audit: a changed sequence row reads old → new in the panel and on the Audit page', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const sample = `Audit tea ${stamp}`;
  const sequence = `Audit batch ${stamp}`;
  await page.goto('/app/sequences/samples');
  await signInThroughPage(page);
  await page.getByRole('button', { name: 'New sample or standard' }).click();
  const form = page.getByRole('form', { name: 'New sample' });
  await form.getByRole('button', { name: 'Sample', exact: true }).click();
  await form.getByLabel('Name', { exact: true }).fill(sample);
  await form.getByLabel('Method').selectOption({ label: FAST_METHOD });
  await form.getByRole('button', { name: 'Create sample' }).click();
  await expect(page.getByRole('table', { name: 'Samples and standards' })).toContainText(sample);

  await page.goto('/app/sequences/');
  await page.getByRole('button', { name: 'New sequence' }).click();
  const create = page.getByRole('form', { name: 'New sequence' });
  await create.getByLabel('Name').fill(sequence);
  await create.getByLabel('Method').selectOption({ label: FAST_METHOD });
  await create.getByRole('button', { name: 'Create sequence' }).click();
  await expect(page).toHaveURL(/\/app\/sequences\/\d+$/);
  await page.getByLabel('Sample to add').selectOption({ label: `${sample} (sample)` });
  await page.getByRole('button', { name: 'Add row' }).click();
  await commit(page, 'Row 1 vial', '3');
  await commit(page, 'Row 1 vial', '83');
  await commit(page, 'Row 1 injections', '2');

  // The object's panel: opened, it reads the trail afresh.
  const panel = page.locator('details.audit');
  await panel.getByRole('heading', { name: 'Audit trail' }).click();
  const entries = panel.getByRole('table', { name: 'Audit trail entries' });
  const vialRow = entries.locator('tr', { hasText: /Vial\s*3\s*→\s*83/ });
  await expect(vialRow).toContainText('Changed Sequence row');
  await expect(vialRow).toContainText('vial 83');
  await expect(vialRow.locator('del')).toHaveText('3');
  await expect(vialRow.locator('ins')).toHaveText('83');
  await expect(vialRow).toContainText(DEMO.email);
  // Local time with the zone's name (the server sends UTC).
  await expect(vialRow.locator('time')).toHaveText(/\d{2}:\d{2}:\d{2}.*[A-Z]{2,}/);
  const countRow = entries.locator('tr', { hasText: 'Injections' });
  await expect(countRow.locator('del')).toHaveText('1');
  await expect(countRow.locator('ins')).toHaveText('2');
  await expect(entries).toContainText(`Created Sequence`);
  await shot(page, testInfo, 'audit-panel');

  // The workspace page: the same entry found by text, the chain verified, a CSV to save.
  await page.getByRole('navigation', { name: 'Cabinet' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chain verification' })).toContainText('Verified');
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Object').selectOption({ label: 'Sequence row' });
  await filters.getByLabel('Text').fill('vial 83');
  await filters.getByRole('button', { name: 'Filter' }).click();
  const found = page.getByRole('table', { name: 'Audit trail entries' });
  await expect(found.locator('tr', { hasText: /Vial\s*3\s*→\s*83/ }).locator('ins')).toHaveText('83');
  // Only the two changes of the row named vial 83, not its creation as vial 1.
  await expect(found.locator('tbody tr')).toHaveCount(2);
  await shot(page, testInfo, 'audit-page');
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  expect((await saved).suggestedFilename()).toBe('audit-trail.csv');
});
