import { expect, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

/** A CSV chromatogram: 10 min at 5 Hz with Gaussian peaks at the given retention times (s). */
function csv(peaks: [number, number][]): Buffer {
  const lines = ['time (s),signal (mAU)'];
  for (let index = 0; index < 3000; index++) {
    const time = index / 5;
    let value = 1;
    for (const [retention, height] of peaks) value += height * Math.exp(-0.5 * ((time - retention) / 3) ** 2);
    lines.push(`${time.toFixed(2)},${value.toFixed(5)}`);
  }
  return Buffer.from(lines.join('\n'));
}

async function importCsv(page: Page, name: string, peaks: [number, number][]) {
  await page.goto('/app/chromatograms/');
  await page
    .getByLabel('Chromatogram file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: csv(peaks) });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return Number(/(\d+)$/.exec(page.url())?.[1]);
}

test('chromatograms: import, view peaks, zoom, keep appearance and compare ids, overlay', async ({
  page,
}, testInfo) => {
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();

  const stamp = Date.now();
  const first = await importCsv(page, `three-peaks-${stamp}.csv`, [
    [120, 50],
    [240, 80],
    [400, 30],
  ]);
  const table = page.getByRole('region', { name: 'Peak table' }).locator('tbody tr');
  await expect(table).toHaveCount(3);
  await expect(table.nth(1)).toContainText('4.000');
  const plot = page.getByRole('figure', { name: 'Chromatogram' });
  await expect(plot).toHaveAttribute('data-peaks', '3');
  const width = async () =>
    Number(await plot.getAttribute('data-x-max')) - Number(await plot.getAttribute('data-x-min'));
  await expect.poll(width).toBeGreaterThan(9);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(width).toBeLessThan(6);
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect.poll(width).toBeGreaterThan(9);
  await page.getByLabel('Fill peaks').uncheck();
  await shot(page, testInfo, 'chromatogram-viewer');
  await page.getByRole('button', { name: 'Compare' }).click();

  const second = await importCsv(page, `two-peaks-${stamp}.csv`, [
    [150, 40],
    [300, 60],
  ]);
  await expect(page.getByRole('region', { name: 'Peak table' }).locator('tbody tr')).toHaveCount(2);
  await expect(page.getByLabel('Fill peaks')).not.toBeChecked();
  await page.getByRole('button', { name: 'Compare' }).click();
  const key = await page.evaluate(() =>
    Object.keys(localStorage).find((name) => name.startsWith('eluent:chromatogramCompareIds:')),
  );
  expect(key).toBeTruthy();
  expect(JSON.parse((await page.evaluate((name) => localStorage.getItem(name!), key)) ?? '[]')).toEqual([
    first,
    second,
  ]);

  await page.getByRole('link', { name: 'Overlay (2)' }).click();
  await page.reload();
  const overlay = page.getByRole('figure', { name: 'Overlay' });
  await expect(overlay.locator('.plot__legend span')).toHaveCount(2);
  await expect(overlay).toContainText(`three-peaks-${stamp}.csv`);
  await expect(overlay).toContainText(`two-peaks-${stamp}.csv`);
  await shot(page, testInfo, 'chromatogram-overlay');
  await page.getByRole('button', { name: `Remove #${first} from comparison` }).click();
  await expect(overlay.locator('.plot__legend span')).toHaveCount(0);
  await expect(page.locator('.compare-list li')).toHaveCount(1);
});

test('chromatograms: an imported file says what its reader bridged and skipped; a binary file is refused', async ({
  page,
}, testInfo) => {
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  const name = `footer-${Date.now()}.csv`;
  const lines = csv([[120, 50]])
    .toString()
    .split('\n');
  // Two readings missing in the middle (an empty cell and NaN), a totals row after the data.
  lines[300] = `${lines[300]!.split(',')[0]},`;
  lines[301] = `${lines[301]!.split(',')[0]},NaN`;
  lines.push('Total area,1234.5');
  await page
    .getByLabel('Chromatogram file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  const notes = page.getByRole('list', { name: 'File notes' });
  await expect(notes.getByRole('listitem')).toHaveText([
    'Skipped 1 trailing row that is not data, from line 3002: "Total area,1234.5"',
    '2 missing readings (empty, NaN or -9999) bridged by linear interpolation',
  ]);
  await expect(page.getByRole('region', { name: 'Peak table' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('figure', { name: 'Chromatogram' })).toHaveAttribute('data-peaks', '1');
  await shot(page, testInfo, 'chromatogram-file-notes');

  await page.goto('/app/chromatograms/');
  await page.getByLabel('Chromatogram file').setInputFiles({
    name: 'picture.cdf.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Not a valid AIA file, and not CSV text: the file is binary.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/chromatograms\/$/);
});

test('chromatograms: a run without peaks says why in the peak table', async ({ page }) => {
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
  await importCsv(page, `flat-${Date.now()}.csv`, []);
  await expect(page.getByRole('region', { name: 'Peak table' })).toContainText(
    'No peaks found: the run is flat: the signal stays at 1 mAU from start to end.',
  );
});
