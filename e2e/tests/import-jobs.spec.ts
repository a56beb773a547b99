// Imports as jobs from the chromatograms page: a large AIA file (2,000,000 points, written in set-up with
// the product's own AIA writer from a seeded trace) shows a progress bar that moves through the upload, the
// read and the storing, then opens as before; a second import cancelled while it runs leaves nothing stored.
import { writeFileSync } from 'node:fs';
import { writeAia } from '@eluent/signal';
import { expect, scaled, test, type Page } from './fixtures.ts';
import { signInThroughPage } from './helpers.ts';

const POINTS = 2_000_000;

/** A seeded trace: 0.01 s sampling, a peak every 20 s on a little noise. */
function largeAia(): Uint8Array {
  let state = 5;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5;
  const timeSec = new Float64Array(POINTS);
  const values = new Float64Array(POINTS);
  for (let i = 0; i < POINTS; i++) {
    const offset = ((i * 0.01) % 20) - 10;
    timeSec[i] = i * 0.01;
    values[i] = 50 * Math.exp(-(offset * offset) / 2) + 0.05 * random();
  }
  return writeAia({ timeSec, values, signalUnit: 'mAU', metadata: {} }, { date: new Date(0) });
}

/** The bar's value now, or null once its row is gone (the viewer opened). */
async function barValue(page: Page, name: string): Promise<number | null> {
  const bar = page.getByRole('progressbar', { name: `Progress of ${name}` });
  const value = await bar.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null);
  return value === null ? null : Number(value);
}

test('a large import shows its progress and opens; a cancelled one stores nothing', async ({
  page,
}, testInfo) => {
  test.setTimeout(scaled(600_000));
  const bytes = largeAia();
  const large = testInfo.outputPath('large.cdf');
  const cancelled = testInfo.outputPath('cancelled.cdf');
  writeFileSync(large, bytes);
  writeFileSync(cancelled, bytes);

  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
  await page.getByLabel('Chromatogram file').setInputFiles(large);

  // Every value the bar shows until the viewer opens: it moves through several before it is done.
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = await barValue(page, 'large.cdf');
        if (value !== null) seen.add(value);
        return /\/app\/chromatograms\/\d+$/.test(page.url());
      },
      { timeout: scaled(420_000), intervals: [100] },
    )
    .toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('large.cdf');
  const moving = [...seen].filter((value) => value > 0 && value < 100);
  expect(moving.length, `values seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(3);
  expect(
    moving.some((value) => value > 50),
    'the storing phase shows',
  ).toBe(true);

  await page.goto('/app/chromatograms/');
  await page.getByLabel('Chromatogram file').setInputFiles(cancelled);
  const row = page.getByRole('listitem', { name: 'Import of cancelled.cdf' });
  await expect(row.getByText(/^(Processing|Storing \d+%)$/)).toBeVisible({ timeout: scaled(240_000) });
  await row.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: scaled(120_000) });
  await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);

  const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
  const answer = await page.request.post('/hasura/v1/graphql', {
    headers: { Authorization: `Bearer ${token}` },
    data: { query: `{ measurements(where: { name: { _eq: "cancelled.cdf" } }) { id } }` },
  });
  expect(await answer.json()).toEqual({ data: { measurements: [] } });
});
