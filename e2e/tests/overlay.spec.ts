// The overlay in one unit: an AU trace beside a mAU trace is converted (same peak height, not a flat line),
// normalising to the largest peak reads 100 for both, a hidden trace leaves the plot.
import { expect, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

function csv(unit: 'AU' | 'mAU', height: number): Buffer {
  const lines = [`time (s),signal (${unit})`];
  for (let index = 0; index < 1500; index++) {
    const time = index / 5;
    lines.push(`${time.toFixed(2)},${(height * Math.exp(-0.5 * ((time - 120) / 3) ** 2)).toFixed(6)}`);
  }
  return Buffer.from(lines.join('\n'));
}

async function importCsv(page: Page, name: string, body: Buffer): Promise<number> {
  await page.goto('/app/chromatograms/');
  await page.getByLabel('Chromatogram file').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  return Number(/(\d+)$/.exec(page.url())?.[1]);
}

test('overlay: AU converted to mAU, normalised to the largest peak, a trace hidden', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  // Names of this run only: the worker's server keeps the chromatograms of its earlier tests.
  const stamp = Date.now();
  const auName = `absorbance-au-${stamp}.csv`;
  const au = await importCsv(page, auName, csv('AU', 0.05));
  const mau = await importCsv(page, `absorbance-mau-${stamp}.csv`, csv('mAU', 80));
  await page.goto('/app/chromatograms/');
  await page.getByRole('checkbox', { name: `Compare ${auName}` }).check();
  await page.getByRole('checkbox', { name: `Compare absorbance-mau-${stamp}.csv` }).check();
  await page.goto('/app/chromatograms/compare');

  const auItem = page.locator(`[data-trace="measurement:${au}"]`);
  const mauItem = page.locator(`[data-trace="measurement:${mau}"]`);
  await expect(auItem).toHaveAttribute('data-unit', 'mAU');
  await expect(auItem).toHaveAttribute('data-max', '50.000');
  await expect(mauItem).toHaveAttribute('data-max', '80.000');
  await expect(auItem).toContainText('AU → mAU');
  await expect(page.getByRole('figure', { name: 'Overlay' })).toBeVisible();
  await shot(page, testInfo, 'overlay-units');

  await page.getByLabel('Normalise').selectOption('largest');
  await page.getByRole('button', { name: 'Stacked' }).click();
  await expect(page.getByRole('button', { name: 'Stacked' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, testInfo, 'overlay-normalised-stacked');

  await page.getByRole('checkbox', { name: `Show #${au}` }).uncheck();
  await expect(auItem).toHaveAttribute('data-hidden', 'true');
  await expect(page.getByRole('figure', { name: 'Overlay' }).getByText(auName)).toHaveCount(0);
});
