// Integration events in the template editor: placed on the live preview's plot (drag a range, click a time),
// listed in the template's events with their times, drawn on the plot, applied by the preview, saved with
// the template; and the peaks below the reporting threshold listed apart under the reported ones.
import { expect, test, type Page } from './fixtures.ts';
import { expectNoSidewaysScroll, shot, signInThroughPage } from './helpers.ts';

const preview = (page: Page) => page.getByRole('region', { name: 'Live preview' });
const previewTable = (page: Page) => preview(page).getByRole('table', { name: 'Preview peaks' });
/** The rows of reported peaks (the first body; the below-threshold group has its own). */
const reportedRows = (page: Page) => previewTable(page).locator('tbody').first().locator('tr');
const eventItems = (page: Page) =>
  page.getByRole('list', { name: 'Integration events' }).getByRole('listitem');

/** The preview's status once it has settled on a count (a new preview may start any time). */
async function settledCount(page: Page): Promise<number> {
  const status = preview(page).getByRole('status').first();
  let count = NaN;
  await expect
    .poll(async () => {
      const found = /^(\d+) peaks? found/.exec(((await status.textContent()) ?? '').trim());
      count = found ? Number(found[1]) : NaN;
      return Number.isNaN(count);
    })
    .toBe(false);
  return count;
}

/** The page position of a time (minutes) on the preview plot's x axis, at the middle of its height. */
async function plotPoint(page: Page, minutes: number) {
  const figure = preview(page).getByRole('figure', { name: 'Preview chromatogram' });
  await figure.locator('.u-over').scrollIntoViewIfNeeded();
  const xMin = Number(await figure.getAttribute('data-x-min'));
  const xMax = Number(await figure.getAttribute('data-x-max'));
  const box = (await figure.locator('.u-over').boundingBox())!;
  return { x: box.x + ((minutes - xMin) / (xMax - xMin)) * box.width, y: box.y + box.height * 0.5 };
}

/** "Add event" of a kind, then a drag from `from` to `to` minutes on the plot (a click when `to` is null). */
async function placeEvent(page: Page, kind: string, from: number, to: number | null) {
  await preview(page).getByLabel('Event kind').selectOption({ label: kind });
  await preview(page).getByRole('button', { name: 'Add event' }).click();
  await expect(preview(page).getByText(/of the .* event on the plot/)).toBeVisible();
  const start = await plotPoint(page, from);
  if (to === null) {
    await page.mouse.click(start.x, start.y);
    return;
  }
  const end = await plotPoint(page, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, start.y, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

/** The row of the peak whose retention time (min) is nearest `minutes`, and its code and area cells. */
async function peakNear(page: Page, minutes: number) {
  const rows = reportedRows(page);
  const times = (await rows.locator('td:nth-child(4)').allTextContents()).map(Number);
  const index = times.reduce(
    (best, time, k) => (Math.abs(time - minutes) < Math.abs(times[best]! - minutes) ? k : best),
    0,
  );
  const row = rows.nth(index);
  return {
    time: times[index]!,
    code: (await row.locator('td:nth-child(3)').textContent())!.trim(),
    area: Number(await row.locator('td:nth-child(5)').textContent()),
  };
}

test('an inhibit and a tangent-skim event placed on the plot change the preview and are saved', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  await page.getByLabel('Template name').fill('Impurities with events');
  await preview(page)
    .getByLabel('Chromatogram', { exact: true })
    .selectOption({ label: 'Example: impurity profile with a rider, 8 min' });
  await expect(preview(page).getByRole('status').first()).toContainText('7 peaks found');
  const before = await settledCount(page);
  // The 2.5 mAU impurity at 1.17 min: integration off over it takes it out of the table.
  await placeEvent(page, 'Inhibit integration', 1.0, 1.35);
  await expect(eventItems(page)).toHaveCount(1);
  const inhibit = eventItems(page).first();
  await expect(inhibit.getByLabel('Event', { exact: true })).toHaveValue('inhibit');
  expect(Number(await inhibit.getByLabel('From, min').inputValue())).toBeCloseTo(1.0, 1);
  expect(Number(await inhibit.getByLabel('To, min').inputValue())).toBeCloseTo(1.35, 1);
  await expect(preview(page).getByRole('list', { name: 'Events on the plot' })).toContainText(
    /Inhibit integration 1\.0\d–1\.3\d min/,
  );
  await expect.poll(() => settledCount(page)).toBe(before - 1);
  expect((await peakNear(page, 1.17)).time).toBeGreaterThan(2);
  // The late pair at 6.33/6.57 min is split at its valley (V); a tangent skim over it makes the second a
  // rider on the first one's tail: code T, a smaller area.
  const rider = await peakNear(page, 6.57);
  expect(rider.code).toBe('VB');
  await placeEvent(page, 'Tangent skim', 6.1, 7.0);
  await expect(eventItems(page)).toHaveCount(2);
  await expect(eventItems(page).nth(1).getByLabel('Event', { exact: true })).toHaveValue('tangent_skim');
  await expect.poll(async () => (await peakNear(page, 6.57)).code).toBe('TT');
  expect((await peakNear(page, 6.57)).area).toBeLessThan(rider.area);
  await expect(preview(page).getByRole('figure', { name: 'Preview chromatogram' })).toHaveAttribute(
    'data-markers',
    '2',
  );
  await shot(page, testInfo, 'integration-events-preview');
  // A value the contract refuses is named beside its cell, and the preview runs without that event.
  await inhibit.getByLabel('To, min').fill('0.5');
  await expect(inhibit.getByText('Must be after “from”')).toBeVisible();
  await expect.poll(() => settledCount(page)).toBe(before);
  await inhibit.getByLabel('To, min').fill('1.35');
  await expect(inhibit.getByText('Must be after “from”')).toHaveCount(0);
  await expect.poll(() => settledCount(page)).toBe(before - 1);

  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page).toHaveURL(/\/app\/templates\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Impurities with events' })).toBeVisible();
  await expect(eventItems(page)).toHaveCount(2);
  await expect(eventItems(page).first().getByLabel('Event', { exact: true })).toHaveValue('inhibit');
  expect(Number(await eventItems(page).first().getByLabel('To, min').inputValue())).toBeCloseTo(1.35, 3);
  await expect(eventItems(page).nth(1).getByLabel('Event', { exact: true })).toHaveValue('tangent_skim');
  await expect(preview(page).getByRole('figure', { name: 'Preview chromatogram' })).toHaveAttribute(
    'data-markers',
    '2',
  );
});

test('a shoulders-off event placed over the assay’s shoulder integrates its main peak through it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await preview(page)
    .getByLabel('Chromatogram', { exact: true })
    .selectOption({ label: 'Example: 9-component assay, 10 min, UV 254 nm' });
  const before = await settledCount(page);
  // The main peak at 1.58 min and its shoulder at 1.75 min, split at the bend (codes S).
  const main = await peakNear(page, 1.58);
  const shoulder = await peakNear(page, 1.75);
  expect(main.code).toBe('BS');
  expect(shoulder.code).toBe('SB');
  await placeEvent(page, 'Shoulders off', 1.68, 1.83);
  await expect(eventItems(page)).toHaveCount(1);
  await expect(eventItems(page).first().getByLabel('Event', { exact: true })).toHaveValue('shoulders_off');
  await expect.poll(() => settledCount(page)).toBe(before - 1);
  await expect.poll(async () => (await peakNear(page, 1.58)).code).toBe('BB');
  // One peak now holds the pair's area (within the 1 % its end contact may move by).
  expect((await peakNear(page, 1.58)).area / (main.area + shoulder.area)).toBeCloseTo(1, 1);
  await expect(preview(page).getByRole('list', { name: 'Events on the plot' })).toContainText(
    /Shoulders off 1\.6\d–1\.8\d min/,
  );
});

test('the peaks below the reporting threshold are listed apart under the reported ones', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await preview(page)
    .getByLabel('Chromatogram', { exact: true })
    .selectOption({ label: 'Example: impurity profile with a rider, 8 min' });
  await expect(preview(page).getByRole('status').first()).toHaveText(
    '7 peaks found · 2 below the reporting threshold',
  );
  await expect(reportedRows(page)).toHaveCount(5);
  const group = previewTable(page).getByRole('button', {
    name: '2 peaks below the reporting threshold (0.05 %)',
  });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(previewTable(page).locator('tr[data-below]')).toHaveCount(0);
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const below = previewTable(page).locator('tr[data-below]');
  await expect(below).toHaveCount(2);
  await expect(below.first().locator('td:nth-child(6)')).toHaveText('—');
  // The reported shares add up to 100 % without them.
  const shares = (await reportedRows(page).locator('td:nth-child(6)').allTextContents()).map(Number);
  expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(100, 0);
  // Threshold 0 (off): every peak is reported.
  await page.getByLabel('Reporting threshold, % of total area').fill('0');
  await expect(preview(page).getByRole('status').first()).toHaveText('7 peaks found');
  await expect(reportedRows(page)).toHaveCount(7);
});

test('at 375 px a split-peak event is placed by a click and the editor keeps to the screen', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  await settledCount(page);
  await placeEvent(page, 'Split peak', 3.4, null);
  await expect(eventItems(page)).toHaveCount(1);
  const split = eventItems(page).first();
  await expect(split.getByLabel('Event', { exact: true })).toHaveValue('split_peak');
  expect(Number(await split.getByLabel('From, min').inputValue())).toBeCloseTo(3.4, 1);
  await expect(split.getByLabel('To, min')).toBeDisabled();
  await expect(preview(page).getByRole('list', { name: 'Events on the plot' })).toContainText(
    'Split peak at 3.4',
  );
  await split.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'integration-events-375');
});

/** A CSV chromatogram (10 min at 5 Hz, seeded noise): two main peaks and two impurities under 0.05 %. */
function impurityCsv(): Buffer {
  let seed = 12_345;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648 - 0.5;
  };
  const lines = ['time (s),signal (mAU)'];
  for (let index = 0; index < 3000; index++) {
    const time = index / 5;
    let value = 1 + 0.01 * noise();
    for (const [retention, height] of [
      [120, 400],
      [240, 0.15],
      [330, 0.2],
      [420, 20],
    ] as const)
      value += height * Math.exp(-0.5 * ((time - retention) / 3) ** 2);
    lines.push(`${time.toFixed(2)},${value.toFixed(5)}`);
  }
  return Buffer.from(lines.join('\n'));
}

test('an imported file lists its peaks under the reporting threshold apart in the viewer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  await page
    .getByLabel('Chromatogram file')
    .setInputFiles({ name: `impurities-${Date.now()}.csv`, mimeType: 'text/csv', buffer: impurityCsv() });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  const table = page.getByRole('region', { name: 'Peak table' });
  await expect(table.locator('tbody').first().locator('tr')).toHaveCount(2);
  const group = table.getByRole('button', { name: '2 peaks below the reporting threshold (0.05 %)' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(table.locator('tr[data-below]')).toHaveCount(2);
  const times = await table.locator('tr[data-below] td:nth-child(4)').allTextContents();
  expect(times.map(Number)).toEqual([4, 5.5].map((minutes) => expect.closeTo(minutes, 1)));

  // Opened again while the result versions (which carry the threshold) are still on their way, the table waits
  // for them: it never lists all four peaks first and then folds two away.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/measurements\/\d+\/results\/$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(table.getByRole('status', { name: 'Loading the peaks' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Chromatogram' })).toBeVisible();
  await expect(table.locator('tbody tr[data-code]')).toHaveCount(0);
  release();
  await expect(table.getByRole('status', { name: 'Loading the peaks' })).toHaveCount(0);
  await expect(table.locator('tbody').first().locator('tr')).toHaveCount(2);
  await expect(group).toHaveAttribute('aria-expanded', 'false');
});

test('events typed in the table are applied when the viewer reprocesses with the template, and drawn there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  const name = `Inhibit at 4 min ${Date.now()}`;
  await page.getByLabel('Template name').fill(name);
  // The preview's figures fill the column above the events card when they arrive: wait for them, as a person
  // would, so the click is not made on a card that is still moving down.
  await expect(preview(page).getByRole('status').first()).toContainText('peaks found');
  const card = page.getByRole('region', { name: 'Integration events' });
  await card.getByRole('button', { name: 'Add row' }).click();
  const row = eventItems(page).first();
  await expect(row.getByText('Enter a time')).toBeVisible();
  await row.getByLabel('From, min').fill('3.8');
  await row.getByLabel('To, min').fill('4.2');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page).toHaveURL(/\/app\/templates\/[0-9a-f-]{36}$/);

  await page.goto('/app/chromatograms/');
  await page
    .getByLabel('Chromatogram file')
    .setInputFiles({ name: `events-${Date.now()}.csv`, mimeType: 'text/csv', buffer: impurityCsv() });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  const table = page.getByRole('region', { name: 'Peak table' });
  await expect(table.getByRole('button', { name: /^2 peaks below/ })).toBeVisible();
  const processing = page.getByRole('region', { name: 'Processing' });
  await processing.getByLabel('Template').selectOption({ label: name });
  await processing.getByRole('button', { name: 'Reprocess' }).click();
  await expect(processing.getByRole('status')).toContainText('Finished');
  await expect(page.getByRole('list', { name: 'Events on the plot' })).toHaveText(
    'Inhibit integration 3.80–4.20 min',
  );
  await expect(page.getByRole('figure', { name: 'Chromatogram' })).toHaveAttribute('data-markers', '1');
  // The impurity at 4 min is no longer integrated: one peak is left under the threshold.
  await expect(table.getByRole('button', { name: /^1 peak below/ })).toBeVisible();
});
