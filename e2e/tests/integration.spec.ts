// Manual integration in the chromatogram viewer against the real server: moving a peak's end with a reason
// changes its area in the peak table, keeps the automatic result beside it, and lands in the audit list.
import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

/** A CSV chromatogram: 10 min at 5 Hz with Gaussian peaks at 2, 4 and 6.67 min. */
function csv(): Buffer {
  const lines = ['time (s),signal (mAU)'];
  for (let index = 0; index < 3000; index++) {
    const time = index / 5;
    let value = 1;
    for (const [retention, height] of [
      [120, 50],
      [240, 80],
      [400, 30],
    ] as const)
      value += height * Math.exp(-0.5 * ((time - retention) / 3) ** 2);
    lines.push(`${time.toFixed(2)},${value.toFixed(5)}`);
  }
  return Buffer.from(lines.join('\n'));
}

test('manual integration: a moved peak end changes the area and is audited with its reason', async ({
  page,
}, testInfo) => {
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  const name = `integration-${Date.now()}.csv`;
  await page.getByLabel('Chromatogram file').setInputFiles({ name, mimeType: 'text/csv', buffer: csv() });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);

  const peakRows = page.getByRole('region', { name: 'Peak table' }).locator('tbody tr');
  await expect(peakRows).toHaveCount(3);
  // The area column found by its header, so a column added before it cannot shift what is read.
  const headers = await page
    .getByRole('region', { name: 'Peak table' })
    .locator('thead th')
    .allTextContents();
  const areaColumn = headers.findIndex((header) => header.startsWith('Area,'));
  expect(areaColumn).toBeGreaterThan(0);
  const areaOfPeak2 = async () => Number(await peakRows.nth(1).locator('td').nth(areaColumn).textContent());
  const automaticArea = await areaOfPeak2();

  const panel = page.getByRole('region', { name: 'Integration' });
  await expect(panel).toContainText('Version 1 · automatic');
  await expect(panel.getByRole('button', { name: 'Manual', exact: true })).toBeDisabled();
  const form = panel.getByRole('form', { name: 'Manual integration' });
  await form.getByLabel('Peak').selectOption({ index: 1 });
  await expect(form.getByLabel('End, min')).not.toHaveValue('');
  await form.getByLabel('End, min').fill('4.0833');
  // The reason is required: nothing can be applied without it.
  await expect(form.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await form.getByLabel('Reason (required)').fill('Tail cut by a co-eluting impurity');
  await form.getByRole('button', { name: 'Apply' }).click();

  await expect(panel).toContainText('Version 2 · manual');
  await expect.poll(areaOfPeak2).toBeLessThan(automaticArea * 0.8);
  const audit = panel.getByRole('list', { name: 'Integration audit' });
  await expect(audit.locator('li')).toHaveCount(1);
  await expect(audit).toContainText('Moved a boundary');
  await expect(audit).toContainText('Reason: Tail cut by a co-eluting impurity');
  await shot(page, testInfo, 'manual-integration');

  // The automatic result stays beside the manual one.
  await panel.getByRole('button', { name: 'Automatic', exact: true }).click();
  await expect(panel).toContainText('Version 1 · automatic');
  await expect.poll(areaOfPeak2).toBe(automaticArea);
  await panel.getByRole('button', { name: 'Manual', exact: true }).click();
  await expect.poll(areaOfPeak2).toBeLessThan(automaticArea * 0.8);
});
