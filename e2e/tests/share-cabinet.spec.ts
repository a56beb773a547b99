// Sharing from the cabinet: a sample from the samples list and an injection from a sequence's results, each
// with a chosen expiry; the links open in a fresh context (a visitor), and the dialog fits a phone.
import { expect, scaled, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { demoToken, runSample, type FinishedRun } from './share-data.ts';

let run: FinishedRun;

test.beforeAll(async ({ request }) => {
  test.setTimeout(scaled(150_000));
  run = await runSample(request, await demoToken(request), `Shared from cabinet ${Date.now()}`);
});

/** Creates a link in the open share dialog with the given expiry; returns its address. */
async function createLink(page: Page, expiry: string): Promise<{ url: string }> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Link expires after').selectOption({ label: expiry });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByLabel('Share link').last();
  await expect(link).toHaveValue(/\/share\/\?token=/);
  return { url: await link.inputValue() };
}

test('a sample and an injection are shared from the cabinet with a chosen expiry and open for a visitor', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\//);

  await page.goto('/app/sequences/samples');
  await page.getByRole('button', { name: `Share ${run.sampleName}` }).click();
  await expect(page.getByRole('dialog', { name: `Share ${run.sampleName}` })).toBeVisible();
  const sample = await createLink(page, '7 days');
  expect(sample.url).toContain(`#/samples/${run.sampleId}/`);
  await shot(page, testInfo, 'share-sample-dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/app/sequences/${run.sequenceId}`);
  await page.getByRole('button', { name: `Share injection ${run.injectionId}` }).click();
  const injection = await createLink(page, '1 day');
  expect(injection.url).toContain(`id=${run.injectionId}#/reports/injection/`);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(sample.url);
  await expect(
    visitorPage.getByRole('heading', { name: `${run.sampleName} #${run.sampleId}` }),
  ).toBeVisible();
  await visitorPage.goto(injection.url);
  await expect(visitorPage.getByRole('heading', { name: 'Injection report' })).toBeVisible();
  const instrument = visitorPage
    .locator('.report__facts div', { has: visitorPage.getByText('Instrument', { exact: true }) })
    .locator('dd');
  await expect(instrument).not.toHaveText('—');
  await visitor.close();

  // The links are listed on the server with the chosen expiry.
  const links = await page.evaluate(async () => {
    const token = localStorage.getItem('eluent:accessToken')!;
    const response = await fetch('/api/share-tokens/', { headers: { Authorization: `Bearer ${token}` } });
    return (await response.json()) as {
      object_type: string;
      object_id: number;
      created_at: string;
      expires_at: string;
    }[];
  });
  const lifetime = (type: string, id: number) => {
    const link = links.filter((row) => row.object_type === type && row.object_id === id).at(-1)!;
    return Math.round((Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000);
  };
  expect(lifetime('sample', run.sampleId)).toBe(7);
  expect(lifetime('injection', run.injectionId)).toBe(1);
});

test('the share dialog fits a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\//);
  await page.goto(`/app/sequences/${run.sequenceId}`);
  await page.getByRole('button', { name: `Share injection ${run.injectionId}` }).click();
  await createLink(page, '30 days');
  await shot(page, testInfo, 'share-dialog-375');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Create link' })).toBeInViewport();
});
