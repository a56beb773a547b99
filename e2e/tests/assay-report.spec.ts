// The assay's printed report at 1366 px and 375 px: a run whose standards were typed with a wrong expected
// retention time; the injected standard refuses edits with the catalogue's words, so the analyst corrects the
// component's retention time in the template's component table, reprocesses the sequence and reads the
// amounts, replicates and SST verdict from the summary page of the printed report (page x of y, operator and
// injection volume on every page), the standards read back through the curve with their deviation from
// nominal, and the calibration curve drawn with its residuals, equation and R².
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { expect, scaled, test, type APIRequestContext, type Page } from './fixtures.ts';
import { DEMO, shot, signInThroughPage } from './helpers.ts';
import { pdfPages } from './reports-pdf.ts';
import { caffeineAssaySamples } from './assay-data.ts';
import { api, demoToken, graphql, idleInstrument } from './share-data.ts';

interface Results {
  injections: Array<{
    suitability: unknown;
    sample: { id: number; name: string } | null;
    result: { errors: unknown; peaks: Array<{ name: string | null; amount: number | null }> } | null;
  }>;
}

type AssayRun = Awaited<ReturnType<typeof runAssay>>;

/** Standards typed at 0.30 min (caffeine elutes near 5.5 min), a drink injected twice (10 µL, diluted 2-fold), run
 * to the end on `device`. */
async function runAssay(
  request: APIRequestContext,
  token: string,
  stamp: number,
  device: { id: number },
  methodId: number,
) {
  const templateUuid = randomUUID();
  const templateName = `Assay report ${stamp}`;
  await graphql(
    request,
    token,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    // A minimum prominence of 2 mAU: the drink's theobromine stands on caffeine's front with a prominence near
    // 5 mAU, so at 5 some injections' noise merged it into caffeine (+4.5 % on the amount).
    { o: { uuid: templateUuid, name: templateName, params_pdet: { peak_detection_min_prominence: 2 } } },
  );
  await api(request, token, 'PUT', `/api/templates/${templateUuid}/components/`, {
    components: [
      {
        name: 'caffeine',
        expected_retention_time_sec: 18,
        window_sec: 3,
        suitability: {
          plates_min: 1000,
          tailing_max: 3,
          retention_time_window_sec: 6,
          area_rsd_max_percent: 10,
        },
      },
    ],
  });
  const common = { device_id: device.id, method_id: methodId, column_name: 'C18' };
  const { low, high, drink } = await caffeineAssaySamples(request, token, common, stamp);
  const sequence = await api<{ id: number }>(request, token, 'POST', '/api/sequences/', {
    name: `Assay report ${stamp}`,
    device_id: device.id,
    method_id: methodId,
    template_uuid: templateUuid,
  });
  for (const row of [
    { sample_id: low.id, vial: 3, injections_count: 2 },
    { sample_id: high.id, vial: 5 },
    { sample_id: drink.id, vial: 7, injections_count: 2, injection_ul: 10, dilution: 2 },
  ])
    await api(request, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, row);
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/start/`);
  await expect
    .poll(
      async () =>
        (await api<{ state: string }>(request, token, 'GET', `/api/sequences/${sequence.id}/`)).state,
      { timeout: scaled(200_000) },
    )
    .toBe('FINISHED');
  const results = await api<Results>(request, token, 'GET', `/api/sequences/${sequence.id}/results/`);
  const missing = (
    results.injections[0]!.result!.errors as Array<{ nearest_retention_time_sec?: number }>
  ).find((error) => typeof error.nearest_retention_time_sec === 'number')!;
  return {
    sequenceId: sequence.id,
    templateUuid,
    templateName,
    standardName: `Caffeine 25 ${stamp}`,
    drinkName: `Drink ${stamp}`,
    trueTimeMin: missing.nearest_retention_time_sec! / 60,
  };
}

/** Nothing scrolls sideways once a toast has slid in (its entrance passes beyond the right edge). */
async function noHorizontalScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

const widths = [1366, 375];
/** Each width's own run (sequence, template, samples), made before the tests. */
const runs = new Map<number, AssayRun>();

// The two widths' sequences run at the same time, one on each of the server's two simulated instruments (one
// after the other when fewer are idle): each test then corrects and reprocesses its own run.
test.beforeAll(async ({ playwright, workerServer }) => {
  test.setTimeout(scaled(420_000));
  const request = await playwright.request.newContext({ baseURL: workerServer.url });
  try {
    const token = await demoToken(request);
    const { device, methodId } = await idleInstrument(request, token);
    const { devices } = await graphql<{ devices: { id: number; state: string }[] }>(
      request,
      token,
      '{ devices(order_by: {id: desc}) { id state } }',
    );
    const idle = devices.filter((candidate) => candidate.state === 'idle');
    const stamp = Date.now();
    const start = (width: number, index: number) =>
      runAssay(request, token, stamp + index, idle[index] ?? device, methodId).then((run) =>
        runs.set(width, run),
      );
    if (idle.length >= widths.length) await Promise.all(widths.map(start));
    else for (const [index, width] of widths.entries()) await start(width, index);
  } finally {
    await request.dispose();
  }
});

for (const width of widths) {
  test(`at ${width} px: a standard's retention time corrected after the run, reprocessed, read from the report's summary page`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(scaled(240_000));
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const token = await demoToken(request);
    const run = runs.get(width)!;
    await page.goto('/app/sequences/');
    await signInThroughPage(page);
    await expect(page.getByRole('heading', { name: 'Sequences', exact: true })).toBeVisible();

    // The injected standard is a record: the browser's edit is refused with the catalogue's words.
    await page.goto('/app/sequences/samples');
    await page.getByRole('button', { name: `Edit ${run.standardName}` }).click();
    const form = page.getByRole('form', { name: `Edit ${run.standardName}` });
    await form.getByLabel('Name', { exact: true }).fill(`${run.standardName} (new lot)`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/This standard has been injected/)).toBeVisible();
    await noHorizontalScroll(page);

    // The component's expected retention time corrected in the template's component table.
    await page.goto(`/app/templates/${run.templateUuid}`);
    const components = page.getByRole('region', { name: 'Components' });
    await expect(components.getByLabel('Component 1 name')).toHaveValue('caffeine');
    await components.getByLabel('Component 1 retention time').fill(run.trueTimeMin.toFixed(3));
    await components.getByLabel('Component 1 window').fill('0.25');
    await components.getByRole('button', { name: 'Save components' }).click();
    await expect(page.getByText('Components saved')).toBeVisible();

    // Reprocess the sequence with it: the drink gets amounts.
    await page.goto(`/app/sequences/${run.sequenceId}`);
    const reprocess = page.getByRole('region', { name: 'Reprocess' });
    await reprocess.getByLabel('Template').selectOption({ label: run.templateName });
    await reprocess.getByRole('button', { name: /Reprocess all injections/ }).click();
    const rows = page
      .getByRole('table', { name: 'Injection results' })
      .locator('tbody > tr[data-injection-id]');
    await expect(rows.nth(3).locator('.results-table__amounts')).toContainText(/caffeine \d+\.\d{3} µg\/mL/, {
      timeout: scaled(90_000),
    });
    // A standard's amount is read back through the curve, beside its nominal amount and deviation.
    await expect(rows.nth(0).locator('.results-table__amounts')).toContainText(
      /^caffeine \d+\.\d{3} µg\/mL \(nominal 25\.000, [+−]?\d+\.\d{2} %\)$/,
    );
    const verdicts = await api<Results & { suitability: Array<{ pass: boolean }> }>(
      request,
      token,
      'GET',
      `/api/sequences/${run.sequenceId}/results/`,
    );
    expect(verdicts.suitability[0]?.pass, JSON.stringify(verdicts.injections.map((i) => i.suitability))).toBe(
      true,
    );
    await expect(page.getByRole('table', { name: 'System suitability verdicts' })).toContainText('Pass');
    await noHorizontalScroll(page);
    const results = await api<Results>(request, token, 'GET', `/api/sequences/${run.sequenceId}/results/`);
    const drinkAmounts = results.injections
      .filter((i) => i.sample?.name === run.drinkName)
      .map((i) => i.result!.peaks.find((p) => p.name === 'caffeine')!.amount!);
    expect(drinkAmounts).toHaveLength(2);
    // The simulator's drink holds 32 µg/mL, reported × 2 for its dilution.
    for (const amount of drinkAmounts) expect(Math.abs(amount - 64) / 64).toBeLessThan(0.03);

    // The printed report opens in its own tab: the summary comes first with the amounts.
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Sequence report' }).click();
    const report = await popup;
    await report.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const summary = report.getByRole('table', { name: 'Summary of amounts' });
    const drinkRow = summary.locator('tbody tr', { hasText: run.drinkName });
    for (const amount of drinkAmounts) await expect(drinkRow).toContainText(amount.toFixed(3));
    await expect(drinkRow.locator('td').nth(2)).toHaveText('2 of 2');
    await expect(drinkRow.locator('td').nth(7)).toHaveText('10');
    await expect(drinkRow.locator('td').nth(8)).toHaveText('Pass');
    await expect(drinkRow.locator('td').nth(4)).toHaveText('—');
    // A standard reads back through its curve, beside its nominal amount and its deviation from it.
    const standardRow = summary.locator('tbody tr', { hasText: run.standardName });
    await expect(standardRow.locator('td').nth(4)).toHaveText(
      /^25\.000: [+−]?\d+\.\d{2} % · [+−]?\d+\.\d{2} %$/,
    );
    await expect(standardRow.locator('td').nth(3)).not.toContainText('25.000 · 25.000');
    // The calibration curve, drawn as SVG, with its equation, R², s_y/x and weighting.
    const curve = report.getByRole('figure', { name: 'Calibration curve caffeine' });
    await expect(curve.getByRole('img', { name: /points, fitted curve and residuals/ })).toBeVisible();
    await expect(curve.locator('circle')).toHaveCount(6);
    await expect(curve).toContainText(/area = \d[\d.]* × amount [+−] \d/);
    // Two levels near a line: R² to 5 decimals, 0.99… or 1.00000.
    await expect(curve).toContainText(/R² = (0\.9\d{4}|1\.00000)/);
    await expect(curve).toContainText(/s_y\/x = \d/);
    await expect(curve).toContainText('weighting 1');
    await noHorizontalScroll(report);
    await shot(report, testInfo, `assay-report-summary-${width}`);

    await report.emulateMedia({ media: 'print' });
    const bytes = await report.pdf({ format: 'A4', printBackground: true });
    const path = testInfo.outputPath(`assay-report-${width}.pdf`);
    writeFileSync(path, bytes);
    await testInfo.attach(`assay-report-${width}.pdf`, { path, contentType: 'application/pdf' });
    // pdf.js splits text into runs: compare without whitespace.
    const pages = (await pdfPages(bytes)).map((text) => text.replace(/\s+/g, ''));
    const flat = (text: string) => text.replace(/\s+/g, '');
    // Header and summary, four injection pages, calibration and audit.
    expect(pages.length).toBeGreaterThanOrEqual(6);
    const first = pages[0]!;
    expect(first).toContain('Summary');
    expect(first).toContain(flat(run.drinkName));
    const mean = (drinkAmounts[0]! + drinkAmounts[1]!) / 2;
    expect(first).toContain(mean.toFixed(3));
    for (const amount of drinkAmounts) expect(first).toContain(amount.toFixed(3));
    // The calibration page prints the curve's equation and R² under its drawing.
    expect(pages.some((text) => /area=[\d.]+×amount/.test(text) && text.includes('R²='))).toBe(true);
    pages.forEach((text, index) => {
      expect(text).toContain(`Page${index + 1}of${pages.length}`);
      expect(text).toContain(`Operator:${DEMO.email}`);
      expect(text).toMatch(/Injectionvolume\d/);
    });
    // The drink's own pages name its injection volume in their margin.
    const drinkPages = pages.filter((text) => text.includes(`·${flat(run.drinkName)}`));
    expect(drinkPages.length).toBeGreaterThanOrEqual(2);
    // The PDF's text reads the micro sign as a Greek mu.
    for (const text of drinkPages) expect(text).toMatch(/Injectionvolume10[µμ]L/);
  });
}
