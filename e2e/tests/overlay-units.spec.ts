// An overlay of traces in different quantities (mAU, V, µS): none can be the axis, so with no normalisation
// chosen each trace is drawn as % of its largest peak and the page says why, instead of the V and µS
// traces lying flat on a mAU scale (docs/overlays.md).
import { expect, test, type Page } from './fixtures.ts';
import { signInThroughPage } from './helpers.ts';

function csv(unit: string, height: number): Buffer {
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

test('at 1366 px: mAU, V and µS traces are each drawn as % of their largest peak, none flat', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\//);
  const stamp = Date.now();
  const files = [
    { name: `uv-${stamp}.csv`, unit: 'mAU', height: 400 },
    { name: `ri-${stamp}.csv`, unit: 'V', height: 0.02 },
    { name: `cond-${stamp}.csv`, unit: 'µS', height: 3 },
  ];
  const ids: number[] = [];
  for (const file of files) ids.push(await importCsv(page, file.name, csv(file.unit, file.height)));
  await page.goto('/app/chromatograms/');
  for (const file of files) await page.getByRole('checkbox', { name: `Compare ${file.name}` }).check();
  await page.goto('/app/chromatograms/compare');

  await expect(page.getByRole('note', { name: 'Units' })).toContainText('different units (mAU, V, µS)');
  const figure = page.getByRole('figure', { name: 'Overlay' });
  await expect(figure).toHaveAttribute('data-y-label', '% of largest peak');
  // Every trace reaches 100 % at its peak: the 0.02 V trace is as tall as the 400 mAU one.
  for (const id of ids)
    await expect(page.locator(`[data-trace="measurement:${id}"]`)).toHaveAttribute(
      'data-plotted-max',
      '100.000',
    );

  // Hiding the V and µS traces leaves one quantity: the axis is mAU again, the values as stored.
  await page.getByRole('checkbox', { name: `Show #${ids[1]}` }).uncheck();
  await page.getByRole('checkbox', { name: `Show #${ids[2]}` }).uncheck();
  await expect(page.getByRole('note', { name: 'Units' })).toHaveCount(0);
  await expect(figure).toHaveAttribute('data-y-label', 'mAU');
  await expect(page.locator(`[data-trace="measurement:${ids[0]}"]`)).toHaveAttribute(
    'data-plotted-max',
    '400.000',
  );
});
