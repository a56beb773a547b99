// A native Agilent run folder (brown.D: five DAD signals and the spectra) imported from the chromatograms page
// as a user would — the folder picked whole (the browser's directory upload), or its zip — becomes one run
// with five channels named by their signals: the viewer switches between them, overlays them, reprocesses
// one channel, and the ASM document downloaded from the page validates against the schemas offline.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { asmValidator, hasAsmSchemas } from '@eluent/server/test/asm-validator.ts';
import { expect, scaled, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

const BROWN = fileURLToPath(new URL('../../../shared/data/vendor/agilent/brown.D', import.meta.url));
const CHANNELS = [
  'DAD A, Sig=254,10 Ref=off',
  'DAD B, Sig=210,10 Ref=off',
  'DAD C, Sig=230,10 Ref=off',
  'DAD D, Sig=280,10 Ref=off',
  'DAD E, Sig=230,10 Ref=off',
] as const;

// The files are part of the test data: under CI a missing folder fails the run instead of skipping it.
test.skip(!existsSync(BROWN) && !process.env.CI, `vendor files not found in ${BROWN}`);

/** Waits for the viewer of the import, or fails with the import's error toast. */
async function importOpens(page: Page): Promise<number> {
  const failure = page.locator('.Toastify__toast--error');
  const opened = page.waitForURL(/\/app\/chromatograms\/\d+$/, { timeout: scaled(120_000) }).then(
    () => '',
    () => 'the viewer did not open',
  );
  const refused = failure.waitFor({ timeout: scaled(120_000) }).then(
    async () => `${await failure.textContent()}`,
    () => 'the viewer did not open',
  );
  expect(await Promise.race([opened, refused]), 'import of brown.D refused').toBe('');
  return Number(/(\d+)$/.exec(page.url())?.[1]);
}

async function expectFiveChannels(page: Page) {
  const switcher = page.getByRole('navigation', { name: 'Channel' });
  await expect(switcher.getByRole('link')).toHaveText(CHANNELS);
  // The run keeps the file's acquisition date (17 June 2006), not the import's.
  await expect(page.getByText(/#\d+ · import · .*2006/)).toBeVisible();
}

test('vendor run: a picked brown.D folder becomes five channels; switch, overlay, reprocess, ASM', async ({
  page,
}, testInfo) => {
  test.setTimeout(scaled(240_000));
  expect(existsSync(BROWN), BROWN).toBe(true);
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
  // The folder input of "Import run folder": every file with its path in the folder (brown.D/dad1A.ch).
  await page.getByLabel('Run folder').setInputFiles(BROWN);
  const first = await importOpens(page);
  await expectFiveChannels(page);
  const switcher = page.getByRole('navigation', { name: 'Channel' });
  await expect(switcher.getByRole('link', { name: CHANNELS[0] })).toHaveAttribute('aria-current', 'page');
  const plot = page.getByRole('figure', { name: 'Chromatogram' });
  await expect(plot).toBeVisible();

  // Overlay: another channel drawn over the shown one, named in the legend.
  const channels = page.getByRole('region', { name: 'Channels' });
  await channels.getByLabel(CHANNELS[1]).check();
  await expect(plot.locator('.plot__legend')).toContainText(CHANNELS[0]);
  await expect(plot.locator('.plot__legend')).toContainText(CHANNELS[1]);
  await shot(page, testInfo, 'vendor-run-overlay');

  // Switch to DAD D: another measurement of the same run; the overlay stays in the address.
  await switcher.getByRole('link', { name: CHANNELS[3] }).click();
  await expect(page).toHaveURL(/\/app\/chromatograms\/(\d+)\?overlay=\d+$/);
  const dadD = Number(/\/(\d+)\?/.exec(page.url())?.[1]);
  expect(dadD).not.toBe(first);
  await expect(switcher.getByRole('link', { name: CHANNELS[3] })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Channel: ${CHANNELS[3]}`)).toBeVisible();
  await expect(plot.locator('.plot__legend')).toContainText(CHANNELS[3]);
  await expect(plot.locator('.plot__legend')).toContainText(CHANNELS[1]);
  await channels.getByLabel(CHANNELS[1]).uncheck();
  await expect(page).toHaveURL(new RegExp(`/app/chromatograms/${dadD}$`));
  await expect(plot.locator('.plot__legend')).toHaveCount(0);

  // Reprocess this channel alone: a second result version for DAD D, none for the first channel.
  const processing = page.getByRole('region', { name: 'Processing' });
  const versions = processing.getByRole('table', { name: 'Result versions' }).locator('tbody > tr');
  await expect(versions).toHaveCount(1);
  await processing.getByLabel('Template').selectOption({ label: 'Default processing' });
  await processing.getByRole('button', { name: 'Reprocess' }).click();
  await expect(processing.getByRole('status')).toContainText('Finished · 1/1', { timeout: scaled(60_000) });
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toHaveAttribute('aria-current', 'true');
  const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
  const resultsOf = async (id: number) => {
    const answer = await page.request.get(`/api/measurements/${id}/results/`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { results: unknown[] }).results.length;
  };
  expect(await resultsOf(dadD)).toBe(2);
  expect(await resultsOf(first)).toBe(1);
  const peakRows = page.getByRole('region', { name: 'Peak table' }).locator('tbody tr');
  // Counted once the new version's peaks are listed (a count at once could catch the table still drawing).
  await expect(peakRows.first()).toBeVisible();
  const shownPeaks = await peakRows.count();

  // The spectrum where the plot is clicked: 211 wavelengths (190–400 nm) of the run's dad1.uv.
  const spectrumPanel = page.getByRole('region', { name: 'Spectrum' });
  await expect(spectrumPanel).toContainText('Click the chromatogram');
  await plot.locator('.u-over').click({ position: { x: 200, y: 100 } });
  const spectrumPlot = spectrumPanel.getByRole('figure', { name: 'Spectrum plot' });
  await expect(spectrumPlot).toHaveAttribute('data-points', '211');
  const clickedSec = Number(await spectrumPlot.getAttribute('data-time-sec'));
  expect(clickedSec).toBeGreaterThan(0);
  await expect(spectrumPlot).toHaveAttribute('data-reference-sec', '');
  // The apex spectrum of the first peak, baseline-corrected from the peak's limits: the line between the
  // spectra at its start and end, read at the apex's time.
  const firstPeak = await peakRows.first().locator('td').nth(3).textContent();
  await spectrumPanel.getByLabel('Peak apex').selectOption('1');
  await spectrumPanel.getByLabel('Baseline').selectOption('limits');
  await expect(spectrumPlot).not.toHaveAttribute('data-reference-end-sec', '');
  await expect(spectrumPanel.getByLabel('Peak limits used')).toContainText("peak 1's start");
  await expect(spectrumPlot.locator('figcaption')).toContainText(' − line ');
  const apexSec = Number(await spectrumPlot.getAttribute('data-time-sec'));
  expect(apexSec).not.toBe(clickedSec);
  // Within one spectrum (0.4 s) of the peak table's retention time (minutes, two decimals).
  expect(Math.abs(apexSec / 60 - Number(firstPeak))).toBeLessThan(0.4 / 60 + 0.005);
  const startSec = Number(await spectrumPlot.getAttribute('data-reference-sec'));
  const endSec = Number(await spectrumPlot.getAttribute('data-reference-end-sec'));
  expect(startSec).toBeLessThan(apexSec);
  expect(endSec).toBeGreaterThan(apexSec);
  // Against one chosen time instead: the shown spectrum's time, taken with one click.
  await spectrumPanel.getByLabel('Baseline').selectOption('time');
  await spectrumPanel.getByRole('button', { name: 'Use the shown time' }).click();
  await expect(spectrumPlot).toHaveAttribute('data-reference-end-sec', '');
  await expect(spectrumPlot).not.toHaveAttribute('data-reference-sec', '');
  await spectrumPanel.getByLabel('Baseline').selectOption('none');
  await expect(spectrumPlot).toHaveAttribute('data-reference-sec', '');
  await spectrumPanel.getByLabel('Baseline').selectOption('limits');
  await expect(spectrumPlot).not.toHaveAttribute('data-reference-end-sec', '');
  // The purity figure: the up- and down-slope spectra's match factors to the apex spectrum, 0–1000.
  const purity = spectrumPanel.getByLabel('Peak purity');
  await expect(purity).toContainText(
    /Peak 1 purity — match to the apex spectrum: up-slope [\d.]+, down-slope [\d.]+/,
  );
  for (const slope of ['data-up', 'data-down']) {
    const figure = Number(await purity.getAttribute(slope));
    expect(figure, slope).toBeGreaterThanOrEqual(0);
    expect(figure, slope).toBeLessThanOrEqual(1000);
  }
  // Every peak's purity, each with its apex spectrum a click away.
  await spectrumPanel.getByRole('button', { name: 'Purity of every peak' }).click();
  const purityRows = spectrumPanel.getByRole('table', { name: 'Purity of every peak' }).locator('tbody tr');
  await expect(purityRows).toHaveCount(shownPeaks, { timeout: scaled(30_000) });
  await purityRows.last().getByRole('button', { name: 'Apex spectrum' }).click();
  await expect(purity).toContainText(`Peak ${shownPeaks} purity`);
  await shot(page, testInfo, 'vendor-run-spectrum');

  // A chromatogram extracted from the spectra at 254 nm ± 2 nm, drawn over the channel and named.
  const extract = page.getByRole('form', { name: 'Extracted chromatogram' });
  await extract.getByLabel('Extract wavelength, nm').fill('254');
  await extract.getByRole('button', { name: 'Draw' }).click();
  await expect(plot.locator('.plot__legend')).toContainText('Extracted 254 nm ± 2 nm');
  await extract.getByRole('button', { name: 'Remove' }).click();
  await expect(plot.locator('.plot__legend')).toHaveCount(0);

  // ASM from the page, beside CSV and AIA: the channel's document, valid against the schemas, offline.
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ASM' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(`measurement-${dadD}.asm.json`);
  const document = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, any>;
  if (hasAsmSchemas || process.env.CI) expect(asmValidator()(document).errors).toBe('No errors');
  const measurement =
    document['liquid chromatography aggregate document']['liquid chromatography document'][0][
      'measurement aggregate document'
    ]['measurement document'][0];
  expect(new Date(measurement['injection document']['injection time']).toISOString()).toBe(
    '2006-06-17T15:40:38.000Z',
  );
  expect(JSON.stringify(measurement['device control aggregate document'])).toContain(
    '"detector wavelength setting":{"value":280,"unit":"nm"}',
  );
  const peaks =
    measurement['processed data aggregate document']['processed data document'][0]['peak list'].peak;
  expect(peaks).toHaveLength(shownPeaks);
  await shot(page, testInfo, 'vendor-run-channel');

  // Compare all channels: the compare view draws the five, each named by its signal.
  await page.getByRole('button', { name: 'Compare all channels' }).click();
  await expect(page).toHaveURL(/\/app\/chromatograms\/compare$/);
  for (const name of CHANNELS) await expect(page.getByText(name).first()).toBeVisible();
});

test('vendor run: a zip of brown.D dropped on the file input becomes the same five channels', async ({
  page,
}) => {
  test.setTimeout(scaled(180_000));
  const entries = Object.fromEntries(
    readdirSync(BROWN).map((name) => [`brown.D/${name}`, new Uint8Array(readFileSync(join(BROWN, name)))]),
  );
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
  await page.getByLabel('Chromatogram file').setInputFiles({
    name: 'brown.D.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(entries)),
  });
  await importOpens(page);
  await expectFiveChannels(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('brown.D');
});

test('vendor run: a share link of brown.D shows its channels and a spectrum, read-only', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(scaled(180_000));
  const entries = Object.fromEntries(
    readdirSync(BROWN).map((name) => [`brown.D/${name}`, new Uint8Array(readFileSync(join(BROWN, name)))]),
  );
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await page.getByLabel('Chromatogram file').setInputFiles({
    name: 'brown.D.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(entries)),
  });
  const first = await importOpens(page);
  await expectFiveChannels(page);
  const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  const channels = (await (
    await page.request.get(`/api/measurements/${first}/channels/`, { headers })
  ).json()) as { measurement_id: number }[];
  // An overlay of the run's five channels, shared by a link.
  const overlay = await page.request.post('/api/overlays/', {
    headers,
    data: { name: 'brown.D shared', measurement_ids: channels.map((channel) => channel.measurement_id) },
  });
  expect(overlay.status()).toBe(201);
  const overlayId = ((await overlay.json()) as { id: number }).id;
  const link = await page.request.post('/api/share-tokens/', {
    headers,
    data: { object_type: 'overlay', object_id: overlayId },
  });
  expect(link.status()).toBe(201);
  const shareToken = ((await link.json()) as { token: string }).token;

  // A visitor in a fresh context (no account): the run's channels and, where the plot is clicked, a spectrum.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/share/?token=${shareToken}&id=${overlayId}#/overlays/`);
  await expect(visitorPage.getByRole('heading', { name: 'brown.D shared' })).toBeVisible();
  const details = visitorPage.getByRole('region', { name: 'Measurement details' });
  const shownChannels = details.getByRole('list', { name: 'Channels' }).locator('li');
  await expect(shownChannels).toHaveCount(CHANNELS.length);
  for (const [index, name] of CHANNELS.entries()) await expect(shownChannels.nth(index)).toContainText(name);
  const spectrumPanel = details.getByRole('region', { name: 'Spectrum' });
  await expect(spectrumPanel).toContainText('Click the chromatogram');
  await visitorPage
    .getByRole('figure', { name: 'Overlay' })
    .locator('.u-over')
    .click({ position: { x: 200, y: 100 } });
  const spectrumPlot = spectrumPanel.getByRole('figure', { name: 'Spectrum plot' });
  await expect(spectrumPlot).toHaveAttribute('data-points', '211');
  await spectrumPanel.getByLabel('Baseline').selectOption('time');
  await spectrumPanel.getByRole('button', { name: 'Use the shown time' }).click();
  await expect(spectrumPlot).not.toHaveAttribute('data-reference-sec', '');
  // Read-only: nothing on the page saves, renames, deletes or shares.
  await expect(visitorPage.getByRole('button', { name: /Save|Rename|Delete|Share|Reprocess/ })).toHaveCount(
    0,
  );
  await shot(visitorPage, testInfo, 'vendor-run-shared');
  await visitor.close();
});
