// Sequences in the browser against the real server and a simulated instrument: a rule error shown word
// for word, then a standard and a sample run to the end, watched live, with amounts in the results.
import { expect, scaled, test, type Page } from './fixtures.ts';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { shot, signInThroughPage } from './helpers.ts';
import { demoToken, graphql } from './share-data.ts';

const FAST_METHOD = 'Example: isocratic C18, 60 % acetonitrile';
const NO_INSTRUCTIONS = 'There are no instructions in the sequence table.';

async function newSequence(page: Page, name: string, template?: string) {
  await page.goto('/app/sequences/');
  await page.getByRole('button', { name: 'New sequence' }).click();
  const form = page.getByRole('form', { name: 'New sequence' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Method').selectOption({ label: FAST_METHOD });
  if (template) await form.getByLabel('Processing template').selectOption({ label: template });
  await form.getByRole('button', { name: 'Create sequence' }).click();
  await expect(page).toHaveURL(/\/app\/sequences\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
}

async function newSample(page: Page, kind: 'Sample' | 'Standard', name: string) {
  await page.getByRole('button', { name: 'New sample or standard' }).click();
  const form = page.getByRole('form', { name: 'New sample' });
  await form.getByRole('button', { name: kind, exact: true }).click();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Method').selectOption({ label: FAST_METHOD });
  if (kind === 'Standard') {
    await form.getByLabel('Analyte 1 name').fill('caffeine');
    await form.getByLabel('Analyte 1 amount').fill('25');
    // The latest of the xanthines; a wide window names the nearest peak.
    await form.getByLabel('Analyte 1 retention time').fill('2');
    await form.getByLabel('Analyte 1 window').fill('600');
  }
  await form.getByRole('button', { name: `Create ${kind.toLowerCase()}` }).click();
  await expect(page.getByRole('table', { name: 'Samples and standards' })).toContainText(name);
}

async function addRow(page: Page, sampleName: string, row: number, vial: number) {
  await page
    .getByLabel('Sample to add')
    .selectOption({ label: `${sampleName} (${row === 1 ? 'standard' : 'sample'})` });
  await page.getByRole('button', { name: 'Add row' }).click();
  const vialInput = page.getByLabel(`Row ${row} vial`);
  await expect(vialInput).toBeVisible();
  await vialInput.fill(String(vial));
  await vialInput.blur();
  await expect(page.getByLabel(`Row ${row} vial`)).toHaveValue(String(vial));
}

test.beforeEach(async ({ page }) => {
  await page.goto('/app/sequences/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Sequences', exact: true })).toBeVisible();
});

test('sequences: starting an empty table shows the rule error word for word', async ({ page }, testInfo) => {
  await newSequence(page, `Empty ${Date.now()}`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NO_INSTRUCTIONS })).toHaveText(NO_INSTRUCTIONS);
  await expect(page.locator('[data-state]').first()).toHaveAttribute('data-state', 'NEW');
  await shot(page, testInfo, 'sequence-rule-error');
});

test('sequences: a standard and a sample run live to the end, with amounts', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(240_000));
  const stamp = Date.now();
  const template = `Sequence peaks ${stamp}`;
  const token = await demoToken(request);
  await graphql(
    request,
    token,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    { o: { uuid: randomUUID(), name: template, params_pdet: { peak_detection_min_prominence: 5 } } },
  );

  await page.goto('/app/sequences/samples');
  const standard = `Caffeine 25 ${stamp}`;
  const sample = `Coffee ${stamp}`;
  await newSample(page, 'Standard', standard);
  await newSample(page, 'Sample', sample);
  await expect(page.getByRole('table', { name: 'Samples and standards' })).toContainText(
    'caffeine: 25 µg/mL',
  );
  await shot(page, testInfo, 'samples-and-standards');

  await newSequence(page, `Assay ${stamp}`, template);
  await addRow(page, standard, 1, 3);
  await addRow(page, sample, 2, 8);
  await page.getByRole('button', { name: 'Start' }).click();

  const status = page.getByRole('status', { name: 'Run progress' });
  await expect(status).toContainText('Row', { timeout: scaled(30_000) });
  const live = page.locator('.live-plot');
  await expect
    .poll(async () => Number(await live.getAttribute('data-live-points')), { timeout: scaled(60_000) })
    .toBeGreaterThan(10);
  await expect(page.getByRole('figure', { name: 'Live chromatogram' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled();
  await shot(page, testInfo, 'sequence-running');

  await expect(page.locator('h1 [data-state]')).toHaveAttribute('data-state', 'FINISHED', {
    timeout: scaled(180_000),
  });
  const rows = page
    .getByRole('table', { name: 'Injection results' })
    .locator('tbody > tr[data-injection-id]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(standard);
  await expect(rows.nth(1)).toContainText(sample);
  await expect(rows.nth(1).locator('.results-table__amounts')).toContainText(/caffeine \d+\.\d{3} µg\/mL/);
  await expect(page.getByRole('article', { name: 'Calibration caffeine' })).toBeVisible();

  await page
    .getByRole('button', {
      name: `Peaks of injection ${await rows.nth(1).getAttribute('data-injection-id')}`,
    })
    .click();
  await expect(page.getByRole('table', { name: /^Peaks of injection/ })).toContainText('caffeine');
  await shot(page, testInfo, 'sequence-results');

  // The CSV button saves the server's results CSV (seconds, the amount's own unit), not a copy made here.
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const download = await saved;
  const sequenceId = /\/app\/sequences\/(\d+)$/.exec(page.url())![1];
  expect(download.suggestedFilename()).toBe(`sequence-${sequenceId}-results.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  const served = await request.get(`/api/sequences/${sequenceId}/results/?format=csv`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(csv).toBe(await served.text());
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toContain('retention_time_sec');
  expect(header).toContain('amount_unit');
  const amountUnit = header!.split(',').indexOf('amount_unit');
  const sampleLine = lines.find((line) => line.includes(sample) && line.includes('caffeine'));
  expect(sampleLine?.split(',')[amountUnit]).toBe('µg/mL');
});
