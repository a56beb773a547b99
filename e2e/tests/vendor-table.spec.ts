// The vendor's peak table beside ours: an AIA file that carries one (CLASSVP.CDF, where the automatic result
// misses one vendor peak and finds peaks the vendor left out) opens a "Vendor's table" tab with the summary
// line and matched, missed and extra rows; at 375 px the comparison scrolls sideways inside its box, not the
// page. HP-CH.CDF's vendor baselines are drawn on the plot while its table is shown. A file without a table
// (EXAMPLE.CDF) shows no tab.
import { expect, scaled, test, type Page } from './fixtures.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MeasurementVendorComparison } from '@eluent/contracts';
import { expectNoSidewaysScroll, shot, signInThroughPage } from './helpers.ts';

const AIA_DIR = fileURLToPath(new URL('../../../shared/data/aia/', import.meta.url));

// The files are part of the test data: under CI a missing folder fails the run instead of skipping it.
test.skip(!existsSync(AIA_DIR) && !process.env.CI, `vendor files not found in ${AIA_DIR}`);

/** Imports a file on the chromatograms page (open); resolves with the viewer open and the comparison asked. */
async function importFile(page: Page, file: string) {
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
  const asked = page.waitForResponse((response) => /\/vendor-comparison\/$/.test(response.url()), {
    timeout: scaled(180_000),
  });
  await page.getByLabel('Chromatogram file').setInputFiles(`${AIA_DIR}${file}`);
  await page.waitForURL(/\/app\/chromatograms\/\d+$/, { timeout: scaled(180_000) });
  // An AIA file's heading is its sample name with the file's name, or the file's name alone.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(file);
  return { id: Number(/(\d+)$/.exec(page.url())?.[1]), answer: await asked };
}

test("the vendor's table beside ours, and no tab for a file without one", async ({ page }, testInfo) => {
  test.setTimeout(scaled(360_000));
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  const { answer } = await importFile(page, 'CLASSVP.CDF');
  expect(answer.status()).toBe(200);
  const comparison = (await answer.json()) as MeasurementVendorComparison;
  const { summary } = comparison;
  expect(summary.missed).toBeGreaterThan(0);
  expect(summary.extra).toBeGreaterThan(0);

  const table = page.getByRole('region', { name: 'Peak table' });
  const plot = page.getByRole('figure', { name: 'Chromatogram' });
  await table.getByRole('tab', { name: 'Vendor’s table' }).click();
  await expect(table.getByLabel('Comparison summary')).toHaveText(
    `${summary.matched} of ${summary.vendor_peaks - summary.unplaced} matched, ${summary.missed} missed, ${summary.extra} extra`,
  );
  const rows = table.getByRole('table', { name: 'Vendor comparison' }).locator('tbody tr');
  await expect(rows).toHaveCount(comparison.rows.length);
  await expect(rows.and(page.locator('[data-status="missed"]'))).toHaveCount(summary.missed);
  await expect(rows.and(page.locator('[data-status="extra"]'))).toHaveCount(summary.extra);
  await shot(page, testInfo, 'vendor-table-1366');
  await expect(rows.and(page.locator('[data-status="missed"]')).first().locator('td').first()).toHaveText(
    'Missed',
  );
  // A phone: the comparison scrolls within its box, the page does not.
  await page.setViewportSize({ width: 375, height: 812 });
  const scroller = table.getByTestId('vendor-comparison-scroll');
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollWidth > element.clientWidth))
    .toBe(true);
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'vendor-table-375');
  await page.setViewportSize({ width: 1366, height: 900 });

  // HP-CH.CDF's table gives every baseline: drawn on the plot while the vendor's table is shown.
  await page.goto('/app/chromatograms/');
  const chemstation = (await (
    await importFile(page, 'HP-CH.CDF')
  ).answer.json()) as MeasurementVendorComparison;
  const drawn = chemstation.rows.filter((row) => row.vendor?.baseline_start_sec != null).length;
  expect(drawn).toBe(chemstation.summary.vendor_peaks);
  await expect(plot).toHaveAttribute('data-reference-peaks', '0');
  await table.getByRole('tab', { name: 'Vendor’s table' }).click();
  await expect(plot).toHaveAttribute('data-reference-peaks', String(drawn));
  await shot(page, testInfo, 'vendor-table-baselines');
  await table.getByRole('tab', { name: 'Our peaks' }).click();
  await expect(plot).toHaveAttribute('data-reference-peaks', '0');

  await page.goto('/app/chromatograms/');
  const plain = await importFile(page, 'EXAMPLE.CDF');
  expect(plain.answer.status()).toBe(404);
  await expect(page.getByRole('figure', { name: 'Chromatogram' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Vendor’s table' })).toHaveCount(0);
});
