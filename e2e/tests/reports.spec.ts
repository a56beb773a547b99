import { expect, scaled, test, type Page, type TestInfo } from './fixtures.ts';
import { writeFileSync } from 'node:fs';
import { DEMO, shot, signInThroughPage } from './helpers.ts';
import { pdfPages, pdfPageSize } from './reports-pdf.ts';
import { createShareToken, demoToken, runSample, type FinishedRun } from './share-data.ts';

const SIZES = { A4: [595, 842], Letter: [612, 792] } as const;

/** What the cabinet does before opening a report: store the server's report data under the report key. */
async function storeReportData(page: Page, kind: 'injection' | 'sequence', id: number) {
  await page.evaluate(
    async ({ kind, id }) => {
      const token = localStorage.getItem('eluent:accessToken')!;
      const userId = (
        JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id: string }
      ).user_id;
      const response = await fetch(`/api/reports/${kind}/${id}/`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      localStorage.setItem(`eluent:reportData:${userId}`, await response.text());
    },
    { kind, id },
  );
}

async function printBoth(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  await page.emulateMedia({ media: 'print' });
  await shot(page, testInfo, `${name}-print-media`);
  let firstPages: string[] = [];
  for (const format of ['A4', 'Letter'] as const) {
    const bytes = await page.pdf({ format, printBackground: true });
    const path = testInfo.outputPath(`${name}-${format}.pdf`);
    writeFileSync(path, bytes);
    await testInfo.attach(`${name}-${format}.pdf`, { path, contentType: 'application/pdf' });
    const [width, height] = await pdfPageSize(bytes);
    expect(Math.abs(width - SIZES[format][0])).toBeLessThanOrEqual(1);
    expect(Math.abs(height - SIZES[format][1])).toBeLessThanOrEqual(1);
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const text of pages) expect(text).not.toContain('Shared view');
    if (format === 'A4') firstPages = pages;
  }
  await page.emulateMedia({ media: 'screen' });
  return firstPages;
}

let run: FinishedRun;

test.beforeAll(async ({ request }) => {
  test.setTimeout(scaled(150_000));
  run = await runSample(request, await demoToken(request), `Report cola ${Date.now()}`, 2);
});

test('an injection report prints on A4 and Letter with its chromatogram, peaks and suitability', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/app\//);
  await storeReportData(page, 'injection', run.injectionId);
  await page.goto('/share/#/reports/injection/');
  await expect(page.getByRole('heading', { name: 'Injection report' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: `Chromatogram of injection #${run.injectionId}` }),
  ).toBeVisible();
  await shot(page, testInfo, 'report-injection');

  const pages = await printBoth(page, testInfo, 'report-injection');
  const all = pages.join('\n');
  for (const text of [
    'Eluent',
    'Injection report',
    'Demo HPLC',
    'Example: isocratic C18',
    'Report peaks',
    run.sampleName,
    'Peak table',
    'Code',
    'Amounts',
    'System suitability',
    'Tailing',
    'Resolution',
    'S/N',
    'Calibration',
    'Audit summary',
    'Time (min)',
  ])
    expect(all).toContain(text);
  // Who started the run heads every page (the injection's own start in its trail).
  expect(pages[0]).toContain(`Operator: ${DEMO.email}`);
  // The first injection follows the header; calibration and audit start a page with the running header.
  expect(pages[0]).toContain(`Injection #${run.injectionId}`);
  expect(pages[0]).toContain('Peak table');
  const closing = pages.at(-1)!;
  expect(closing).toContain('Audit summary');
  expect(closing).toContain('Eluent · Injection report');
  expect(closing).not.toContain('Peak table');
});

test('a sequence report opened with a share link in a fresh context loads its own data and prints', async ({
  browser,
  request,
}, testInfo) => {
  const token = await demoToken(request);
  const share = await createShareToken(request, token, 'sequence', run.sequenceId);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/share/?token=${encodeURIComponent(share.token)}&id=${run.sequenceId}#/reports/sequence/`);
  await expect(page.getByRole('heading', { name: 'Sequence report' })).toBeVisible();
  // The visitor reads the same report data the owner prints: instrument and column included.
  const owner = await request.get(`/api/reports/sequence/${run.sequenceId}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const data = (await owner.json()) as { instrument: { name: string; installed_column: { name: string } } };
  const fact = (label: string) =>
    page.locator('.report__facts div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(fact('Instrument')).toHaveText(data.instrument.name);
  await expect(fact('Column')).toHaveText(data.instrument.installed_column.name);
  for (const id of run.injectionIds) {
    await expect(page.getByRole('region', { name: `Injection #${id}` })).toBeVisible();
  }
  await shot(page, testInfo, 'report-sequence-shared');
  const pages = await printBoth(page, testInfo, 'report-sequence-shared');
  const all = pages.join('\n');
  for (const text of [
    'Sequence report',
    `${run.sampleName} run`,
    run.sampleName,
    'Peak table',
    'System suitability',
    'Calibration',
    'Audit summary',
  ])
    expect(all).toContain(text);
  // Each injection starts its own page.
  const pageOf = (id: number) => pages.findIndex((text) => text.includes(`Injection #${id} ·`));
  expect(run.injectionIds).toHaveLength(2);
  expect(pageOf(run.injectionIds[1]!)).toBeGreaterThan(pageOf(run.injectionIds[0]!));
  await visitor.close();
});

test('without stored data the report page says where to open it', async ({ page }) => {
  await page.goto('/share/#/reports/sequence/');
  await expect(page.getByText('No report data is stored in this browser.')).toBeVisible();
});
