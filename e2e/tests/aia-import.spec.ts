// Every vendor AIA file of ../shared/data/aia, imported through the chromatograms page as a user would and
// opened in the viewer: named by the file's sample name and dated by its injection time (not the import's),
// the peak table shows what the server stored, every peak carries its separation code, and no peak with
// zero or negative area goes unlabelled. One screenshot per file.
import { expect, scaled, test } from './fixtures.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shot, signInThroughPage } from './helpers.ts';

const AIA_DIR = fileURLToPath(new URL('../../../shared/data/aia/', import.meta.url));
const FILES = [
  'agilent_hplc.cdf',
  'HP-CH.CDF',
  'WAT_490.CDF',
  'CLASSVP.CDF',
  'DIONEX.CDF',
  'SPA.CDF',
  'EXAMPLE.CDF',
  'tgnthpgc.cdf',
];
const CODE = /^[BVTSN]{2}( N)?$|^N$/;
/**
 * The sample name and injection time each file carries (AIA `sample_name`, `injection_date_time_stamp` with
 * its UTC offset): the measurement is named by the one and dated by the other, not by the import. The
 * method and operator the file names are shown "From the file".
 */
const OWN: Record<string, { sample?: string; acquired?: string; method?: string; operator?: string }> = {
  'agilent_hplc.cdf': {
    sample: 'MW-2-6-6 IC 90',
    acquired: '2018-10-30T17:43:05Z',
    method: 'POS 3 IC 90-10 31 MIN.M',
    operator: 'SYSTEM',
  },
  // A placeholder stamp (1900,01,01,…): dated by the import.
  'HP-CH.CDF': {},
  'WAT_490.CDF': { sample: 'Parabens_Lev_3', acquired: '1994-09-10T00:12:45Z' },
  'CLASSVP.CDF': {
    sample: 'hi-1',
    acquired: '1992-07-04T19:09:07Z',
    method: 'LC6-BIN.MET',
    operator: 'DF',
  },
  'DIONEX.CDF': { sample: '7 ANIONS ON AS4A COLUMN', acquired: '1990-04-25T23:44:59Z' },
  'SPA.CDF': { sample: 'Sample 1', acquired: '1991-10-22T15:23:08Z' },
  'EXAMPLE.CDF': { acquired: '1985-06-18T23:22:00Z' },
  'tgnthpgc.cdf': { sample: 'Resolution std', acquired: '1995-08-31T10:04:00Z' },
};

interface StoredPeak {
  number: number;
  area: number;
  start_code: string | null;
  stop_code: string | null;
}

// The files are part of the test data: under CI a missing folder fails the run instead of skipping it.
test.skip(!existsSync(AIA_DIR) && !process.env.CI, `vendor files not found in ${AIA_DIR}`);

for (const file of FILES) {
  test(`AIA import: ${file} shows its processed peaks with separation codes`, async ({ page }, testInfo) => {
    test.setTimeout(scaled(240_000));
    expect(existsSync(`${AIA_DIR}${file}`), `${AIA_DIR}${file}`).toBe(true);
    await page.goto('/app/chromatograms/');
    await signInThroughPage(page);
    await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
    await page.getByLabel('Chromatogram file').setInputFiles(`${AIA_DIR}${file}`);
    // The viewer opens, or the import's error toast says why not (reported as the failure).
    const failure = page.locator('.Toastify__toast--error');
    const opened = page.waitForURL(/\/app\/chromatograms\/\d+$/, { timeout: scaled(180_000) }).then(
      () => '',
      () => 'the viewer did not open',
    );
    const refused = failure.waitFor({ timeout: scaled(180_000) }).then(
      async () => `${await failure.textContent()}`,
      () => 'the viewer did not open',
    );
    expect(await Promise.race([opened, refused]), `import of ${file} refused`).toBe('');
    const own = OWN[file] ?? {};
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      own.sample ? `${own.sample} (${file})` : file,
    );
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    if (own.acquired) {
      // The page's own date format, for the instant the file was acquired.
      const shown = await page.evaluate((iso) => {
        const date = new Date(iso);
        const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
        return `${date.toLocaleDateString()} ${time}`;
      }, own.acquired);
      await expect(page.getByText(`#${id} · import · ${shown}`)).toBeVisible();
    }

    const details = page.getByRole('definition');
    if (own.method) await expect(details.filter({ hasText: own.method })).toBeVisible();
    if (own.operator) await expect(details.filter({ hasText: own.operator })).toBeVisible();
    if (!own.method) await expect(page.locator('.file-details dt', { hasText: 'Method' })).toHaveCount(0);

    const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
    const answer = await page.request.post('/hasura/v1/graphql', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        query: `query ($id: Int!) { processing_results(where: { measurement_id: { _eq: $id } }) {
          id peaks(order_by: [{ number: asc }]) { number area start_code stop_code } } }`,
        variables: { id },
      },
    });
    const body = (await answer.json()) as {
      data?: { processing_results: { id: number; peaks: StoredPeak[] }[] };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    const results = body.data?.processing_results ?? [];
    expect(results).toHaveLength(1);
    const stored = results[0]!.peaks;
    for (const peak of stored) expect([peak.start_code, peak.stop_code]).not.toContain(null);

    // Peaks under the reporting threshold are listed apart in a collapsed group: opened, every peak is a row.
    const table = page.getByRole('region', { name: 'Peak table' });
    const rows = table.locator('tbody tr[data-code]');
    const belowGroup = table.getByRole('button', { name: /below the reporting threshold/ });
    // The table (its reported rows, the group, or its empty text) is on screen before the group is looked for.
    await expect(
      rows
        .or(belowGroup)
        .or(page.getByText(/^No peaks found[.:]/))
        .first(),
    ).toBeVisible();
    if (stored.length > 0 && (await belowGroup.count()) > 0) await belowGroup.click();
    if (stored.length === 0) {
      await expect(page.getByText(/^No peaks found[.:]/)).toBeVisible();
    } else {
      await expect(rows).toHaveCount(stored.length);
      await expect(page.getByRole('figure', { name: 'Chromatogram' })).toHaveAttribute(
        'data-peaks',
        String(stored.length),
      );
    }
    const codes = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-code') ?? ''));
    const cells = await rows.locator('td.peak-table__code').allTextContents();
    const numbers = (await rows.locator('td:first-child').allTextContents()).map(Number);
    expect(cells).toEqual(codes);
    for (const [index, code] of codes.entries()) {
      expect(code, `peak ${numbers[index]} code`).toMatch(CODE);
      const peak = stored.find((item) => item.number === numbers[index])!;
      // A peak of zero or negative area must say why: N for a negative peak, else its separation code.
      if (peak.area < 0) expect(code, `negative peak ${peak.number}`).toMatch(/N/);
    }
    await shot(page, testInfo, `aia-${file.replace(/\W+/g, '-').toLowerCase()}`);
  });
}

test('AIA import: the template editor shows the automatic detection values', async ({ page }, testInfo) => {
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  const prominence = page.getByLabel(/^Min prominence, /);
  await expect(prominence).toHaveValue('');
  await expect(prominence).toHaveAttribute('placeholder', /^automatic: \S+ \S+$/);
  await expect(page.getByLabel(/^Min width, s/)).toHaveAttribute('placeholder', /^automatic/);
  const summary = page.getByRole('group', { name: 'Detection' });
  await expect(summary).toContainText(/Noise\s*SD \S+ \S+, p-p \S+/);
  await expect(summary).toContainText('Estimated peak width (W50)');
  await shot(page, testInfo, 'template-editor-automatic');
});
