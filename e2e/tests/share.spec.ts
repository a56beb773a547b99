import { expect, test } from '@playwright/test';
import { shot } from './helpers.ts';

test('shared view hash routes: sample, injection, reports and not-found', async ({ page }, testInfo) => {
  await page.goto('/share/#/samples/12/');
  await expect(page.getByRole('heading', { name: 'Sample #12' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Eluent Cloud' })).toBeVisible();
  await shot(page, testInfo, 'share-sample');

  await page.goto('/share/#/samples/12/injection/3/');
  await expect(page.getByText('Injection #3')).toBeVisible();

  await page.goto('/share/#/reports/injection/');
  await expect(page.getByRole('heading', { name: 'Injection report' })).toBeVisible();
  await page.goto('/share/#/reports/sequence/');
  await expect(page.getByRole('heading', { name: 'Sequence report' })).toBeVisible();

  for (const hash of ['#/samples/abc/', '#/samples/1/injection/x/', '#/elsewhere/']) {
    await page.goto(`/share/${hash}`);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  }
  await shot(page, testInfo, 'share-not-found');
});

test('the shared view does not mount without the icon font and says why', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(/\.woff2?$/, (route) => route.abort());
  await page.goto('/share/#/samples/12/');
  await expect
    .poll(() => errors)
    .toContain('Material Icons font is required for the application to work properly');
  await expect(page.locator('#root')).toBeEmpty();
});
