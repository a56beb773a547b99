import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

test('methods: list, search, view an example, copy it, rename, favorite and archive', async ({
  page,
}, testInfo) => {
  await page.goto('/app/methods/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/methods\/$/);
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'Example' }).first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await shot(page, testInfo, 'methods-list');

  await page.getByLabel('Search methods').fill('uhplc');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: /^Example: fast UHPLC/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Example: fast UHPLC gradient');
  await expect(page.getByText('Example methods are read-only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  const pump = page.getByRole('region', { name: 'Pump and gradient' });
  await expect(pump.getByText('0.4 mL/min')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Gradient, %B over time' })).toBeVisible();
  await shot(page, testInfo, 'method-example-view');

  await page.getByRole('link', { name: 'Copy' }).click();
  await expect(page.getByRole('heading', { name: 'Copy method' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(/^Copy of Example: fast UHPLC/);
  const name = `Assay ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  const flow = page.getByLabel('Flow rate, mL/min', { exact: true });
  await flow.fill('abc');
  await expect(page.getByText('Flow rate is not valid')).toBeVisible();
  await flow.fill('-1');
  await expect(page.getByText('Must be higher than 0')).toBeVisible();
  await flow.fill('0.5');
  await page.getByLabel('Interval, s', { exact: true }).fill('0');
  await expect(page.getByText('Fraction collector interval is not valid.')).toBeVisible();
  await page.getByLabel('Interval, s', { exact: true }).fill('');
  await shot(page, testInfo, 'method-copy-form');
  await page.getByRole('button', { name: 'Create method' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Pump and gradient' }).getByText('0.5 mL/min')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Injection' }).getByText('1 µL')).toBeVisible();
  const methodId = Number(/\/app\/methods\/(\d+)/.exec(page.url())?.[1]);
  expect(methodId).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Method name').fill(`${name} v2`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} v2`);
  await page.getByRole('button', { name: `Add ${name} v2 to favorites` }).click();
  await expect(page.getByRole('button', { name: `Remove ${name} v2 from favorites` })).toBeVisible();
  await shot(page, testInfo, 'method-own-view');

  await page.getByRole('link', { name: 'Methods', exact: true }).first().click();
  await expect(rows.first()).toContainText(`${name} v2`);
  await page.getByLabel('Search methods').fill(String(methodId));
  await expect(rows.filter({ hasText: `${name} v2` })).toHaveCount(1);
  await page.getByRole('button', { name: `Archive ${name} v2` }).click();
  await expect(rows.filter({ hasText: `${name} v2` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archived' }).click();
  await expect(rows.filter({ hasText: `${name} v2` })).toHaveCount(1);
  await shot(page, testInfo, 'methods-archived');
  await page.getByRole('button', { name: `Restore ${name} v2` }).click();
  await expect(rows.filter({ hasText: `${name} v2` })).toHaveCount(0);
});

test('methods: a new method from scratch needs a name', async ({ page }) => {
  await page.goto('/app/methods/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New method' })).toBeVisible();
  await page.getByRole('button', { name: 'Create method' }).click();
  await expect(page.getByText('Field is required').first()).toBeVisible();
  const name = `Blank ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Run time, min').fill('12');
  await page.getByRole('button', { name: 'Create method' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('12 min')).toBeVisible();
});
