// Details of spec §2–§9 in the browser: modal and dialog sizes, the 767 px breakpoint, stored locations and
// versions, the template defaults file, error reporting kept off without a DSN, the server clock over rpc.
import { expect, test, type Page, type Response } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { shot, signInThroughPage } from './helpers.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

async function signedInAt(page: Page, path: string) {
  await page.goto(path);
  await signInThroughPage(page);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

for (const [width, mobile] of [
  [767, true],
  [768, false],
] as const) {
  test(`breakpoint: ${width} px shows the ${mobile ? 'mobile menu' : 'desktop navigation'}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible({ visible: mobile });
    await expect(nav.getByRole('link', { name: 'Hardware' })).toBeVisible({ visible: !mobile });
    await context.close();
  });
}

test('the share modal is 600 × 300 at least', async ({ page }, testInfo) => {
  await signedInAt(page, '/app/sequences/');
  await page.getByRole('button', { name: 'New sequence' }).click();
  const form = page.getByRole('form', { name: 'New sequence' });
  await form.getByLabel('Name').fill(`Modal ${Date.now()}`);
  await form.getByLabel('Method').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Create sequence' }).click();
  await expect(page).toHaveURL(/\/app\/sequences\/\d+$/);
  await page.getByRole('button', { name: 'Share' }).click();
  const modal = page.getByRole('dialog', { name: 'Share the sequence report' });
  await expect(modal).toBeVisible();
  const box = (await modal.boundingBox())!;
  expect(box.width).toBe(600);
  expect(box.height).toBeGreaterThanOrEqual(300);
  await shot(page, testInfo, 'share-modal');
});

test('archiving a template asks in a 400 px dialog; a new template starts from the public defaults file', async ({
  page,
}, testInfo) => {
  await signedInAt(page, '/app/templates/');
  const defaultsRequest = page.waitForRequest('**/postprocessing-template-defaults.json');
  await page.goto('/app/templates/new');
  expect((await defaultsRequest).headers().authorization).toBeUndefined();
  const name = `Dialog template ${Date.now()}`;
  await page.getByLabel('Template name').fill(name);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page).toHaveURL(/\/app\/templates\/[0-9a-f-]{36}$/);
  await page.goto('/app/templates/');
  await page.getByLabel('Search templates').fill(name);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBe(400);
  await shot(page, testInfo, 'archive-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

test('a template defaults file that cannot be read is reported', async ({ page }) => {
  await signedInAt(page, '/app/templates/');
  await page.route('**/postprocessing-template-defaults.json', (route) =>
    route.fulfill({ status: 500, body: '' }),
  );
  await page.goto('/app/templates/new');
  const text = 'Request failed! Template defaults answered 500.';
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  await expect(page.getByLabel('Template name')).toHaveCount(0);
});

test('signing in without a referer returns to the last app location', async ({ page }) => {
  await signedInAt(page, '/app/chromatograms/');
  await page.getByRole('button', { name: /log out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/chromatograms\/$/);
});

test('after an update the app says so once', async ({ page }) => {
  // An earlier version's use is in storage before the app's first script runs — on the first load only:
  // the reload below must see what the app itself wrote.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e:seeded')) return;
    sessionStorage.setItem('e2e:seeded', '1');
    localStorage.setItem('eluent:lastUsedAppVersion', '0.0.1');
  });
  await page.goto('/');
  const notice = page.getByText(`Eluent was updated to ${VERSION}`);
  await expect(notice).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('eluent:lastUsedAppVersion'))).toBe(VERSION);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('without a DSN the error reporting SDK is never downloaded', async ({ page, request }) => {
  expect(await (await request.get('/api/client-config/')).json()).toEqual({ sentry_dsn: null });
  const scripts: Promise<string>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  };
  page.on('response', onResponse);
  const config = page.waitForResponse('**/api/client-config/');
  await page.goto('/');
  await config;
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Every script the page loads once it is idle, read before the test ends: a body still being read when the
  // listener had already been collected failed the test with "Test ended" on a slow machine.
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  // The SDK marks its global carrier `__SENTRY__`; no script the page loaded may contain it.
  expect(bodies.filter((body) => body.includes('__SENTRY__'))).toHaveLength(0);
});

test('the instruments page shows the server time from a realtime remote call', async ({ page }) => {
  await signedInAt(page, '/app/devices/');
  await expect(page.getByTestId('server-clock')).toHaveText(/^Server time \d{1,2}:\d{2}/);
});
