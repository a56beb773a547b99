// Manual integration on the plot against the real server, at 1366 px and 375 px: a dragged peak end changes
// the area in the peak table (previewed, then saved with one reason as a new version) and lands in the audit
// trail; the same work with the keyboard alone; merge, split and a baseline end in one save; a start dragged
// into the neighbour (touch) is refused with the precise catalogue message (packages/contracts,
// integration_overlap) and changes nothing.
import { formatFigure } from '@eluent/contracts';
import { expect, test, type Page } from './fixtures.ts';
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

async function openImported(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  await page.goto('/app/chromatograms/');
  await signInThroughPage(page);
  const name = `integration-${width}-${Date.now()}.csv`;
  await page.getByLabel('Chromatogram file').setInputFiles({ name, mimeType: 'text/csv', buffer: csv() });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  const table = page.getByRole('region', { name: 'Peak table' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  // The area column found by its header, so a column added before it cannot shift what is read.
  const headers = await table.locator('thead th').allTextContents();
  const areaColumn = headers.findIndex((header) => header.startsWith('Area,'));
  expect(areaColumn).toBeGreaterThan(0);
  const areaOf = async (peak: number) =>
    Number(
      await table
        .locator('tbody tr')
        .nth(peak - 1)
        .locator('td')
        .nth(areaColumn)
        .textContent(),
    );
  return { table, areaOf, rows: table.locator('tbody tr') };
}

/** The page position of a time (minutes) on the plot's x axis, at the middle of its height. */
async function plotPoint(page: Page, minutes: number) {
  const figure = page.getByRole('figure', { name: 'Chromatogram' });
  await figure.locator('.u-over').scrollIntoViewIfNeeded();
  const xMin = Number(await figure.getAttribute('data-x-min'));
  const xMax = Number(await figure.getAttribute('data-x-max'));
  const box = (await figure.locator('.u-over').boundingBox())!;
  return { x: box.x + ((minutes - xMin) / (xMax - xMin)) * box.width, y: box.y + box.height * 0.45 };
}

/** The limits the editor's status line names for the selected peak, in minutes. */
async function selectedLimits(page: Page): Promise<[number, number]> {
  const status = page.locator('.peak-editor__status');
  await expect(status).toContainText(/Peak \d of \d/);
  const match = /(\d+\.\d+)–(\d+\.\d+) min/.exec((await status.textContent()) ?? '');
  expect(match).not.toBeNull();
  return [Number(match![1]), Number(match![2])];
}

async function noSidewaysScroll(page: Page) {
  // Read until the layout has settled (a toast sliding in, a plot resizing): docs/testing.md.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

for (const width of [1366, 375]) {
  test(`a dragged peak end changes the area in the table and is saved with one reason at ${width} px`, async ({
    page,
  }, testInfo) => {
    const { areaOf } = await openImported(page, width);
    const automaticArea = await areaOf(2);
    const panel = page.getByRole('region', { name: 'Integration' });
    await expect(panel).toContainText('Version 1 · automatic');

    await page.getByRole('button', { name: 'Edit peaks' }).click();
    // A click inside peak 2 selects it; the status names its limits.
    const apex = await plotPoint(page, 4);
    await page.mouse.click(apex.x, apex.y);
    const [, end] = await selectedLimits(page);
    const from = await plotPoint(page, end);
    const to = await plotPoint(page, 4.0833);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();

    // Previewed at once: the table shows the server's measurement of the staged change.
    await expect(page.locator('.peak-editor__count')).toContainText('1 change staged');
    await expect.poll(() => areaOf(2)).toBeLessThan(automaticArea * 0.8);
    await expect(page.getByRole('region', { name: 'Peak table' })).toContainText('preview of staged changes');
    const [, movedEnd] = await selectedLimits(page);
    expect(movedEnd).toBeCloseTo(4.083, 1);
    await noSidewaysScroll(page);
    await shot(page, testInfo, `integration-drag-${width}`);

    await page.getByLabel('Reason (required)').fill('Tail cut by a co-eluting impurity');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel).toContainText('Version 2 · manual');
    const savedArea = await areaOf(2);
    expect(savedArea).toBeLessThan(automaticArea * 0.8);
    const audit = panel.getByRole('list', { name: 'Integration audit' });
    await expect(audit.locator('li')).toHaveCount(1);
    await expect(audit).toContainText('Moved a boundary');
    await expect(audit).toContainText('Reason: Tail cut by a co-eluting impurity');
    // The audit entry reads as a chromatographer says it: the peak's number as seen, the end moved in
    // minutes and the area before and after, in the figure rules (4 significant digits).
    await expect(audit).toContainText(
      new RegExp(
        `Peak 2: end [0-9.]+ → 4\\.08[0-9]? min, area ${formatFigure(automaticArea).replace('.', '\\.')} → ${formatFigure(savedArea).replace('.', '\\.')} \\S+·s`,
      ),
    );
    // The measurement's audit trail reads the same entry: who, what and why.
    await page.locator('details.audit summary').click();
    const trail = page.getByRole('table', { name: 'Audit trail entries' });
    const entry = trail.locator('tbody tr', { hasText: 'Moved a peak limit in' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Tail cut by a co-eluting impurity');
    await expect(entry).toContainText(`area ${formatFigure(automaticArea)} → ${formatFigure(savedArea)}`);
    await expect(entry).toContainText('demo@eluent.dev');

    // The automatic result stays beside the manual one.
    await panel.getByRole('button', { name: 'Automatic', exact: true }).click();
    await expect.poll(() => areaOf(2)).toBe(automaticArea);
    await noSidewaysScroll(page);
  });
}

test('Shift-click two peaks and merge them, split one at the cursor, lift a baseline end: one save', async ({
  page,
}) => {
  const { areaOf, rows } = await openImported(page, 1366);
  const third = await areaOf(3);
  await page.getByRole('button', { name: 'Edit peaks' }).click();
  const first = await plotPoint(page, 2);
  const second = await plotPoint(page, 4);
  await page.mouse.click(first.x, first.y);
  await page.keyboard.down('Shift');
  await page.mouse.click(second.x, second.y);
  await page.keyboard.up('Shift');
  await expect(page.locator('.peak-editor__status')).toContainText('(2 selected)');
  await page.getByRole('button', { name: 'Merge' }).click();
  await expect(rows).toHaveCount(2);

  // A click in peak 2 (the old third) puts the cursor there; Split at cursor cuts it in two.
  const cut = await plotPoint(page, 6.6);
  await page.mouse.click(cut.x, cut.y);
  await page.getByRole('button', { name: 'Split at cursor' }).click();
  await expect(rows).toHaveCount(3);
  await expect.poll(async () => (await areaOf(2)) + (await areaOf(3))).toBeCloseTo(third, 0);

  // The split keeps its left part chosen: lift the baseline at its start with the keys of the plot.
  await expect(page.locator('.peak-editor__status')).toContainText('Peak 2 of 3');
  const before = await areaOf(2);
  await page.getByRole('application', { name: 'Peak editor' }).focus();
  await page.keyboard.press('[');
  await page.keyboard.press('Shift+ArrowUp');
  await expect.poll(() => areaOf(2)).toBeLessThan(before);
  await expect(page.locator('.peak-editor__count')).toContainText('3 changes staged');

  await page.getByLabel('Reason (required)').fill('Co-elution resolved by hand');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const panel = page.getByRole('region', { name: 'Integration' });
  await expect(panel).toContainText('Version 2 · manual');
  await expect(rows).toHaveCount(3);
  await expect(panel.getByRole('list', { name: 'Integration audit' })).toContainText('Several changes');
});

test('manual integration with the keyboard alone: select, delete, move an end, save with Enter', async ({
  page,
}, testInfo) => {
  const { areaOf, rows } = await openImported(page, 1366);
  const automaticArea = await areaOf(2);
  const editButton = page.getByRole('button', { name: 'Edit peaks' });
  await editButton.focus();
  await page.keyboard.press('Enter');
  await expect(editButton).toHaveAttribute('aria-pressed', 'true');
  // Tab on to the plot.
  const plot = page.getByRole('application', { name: 'Peak editor' });
  for (let presses = 0; presses < 30; presses++) {
    if (await plot.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(plot).toBeFocused();
  await expect(plot).toHaveAttribute('aria-describedby', 'peak-editor-keys');
  // The focus is visible.
  const outline = await plot.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');

  const status = page.locator('.peak-editor__status');
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight');
  await expect(status).toContainText('Peak 3 of 3');
  // The table marks the peak chosen on the plot.
  await expect(rows.nth(2)).toHaveAttribute('data-selected', 'true');
  await expect(rows.nth(0)).not.toHaveAttribute('data-selected');
  await page.keyboard.press('Delete');
  await expect(page.locator('.peak-editor__count')).toContainText('1 change staged');
  await expect(rows).toHaveCount(2);

  await page.keyboard.press('ArrowLeft');
  await expect(status).toContainText('Peak 2 of 2');
  const [, end] = await selectedLimits(page);
  await page.keyboard.press(']');
  await expect(status).toContainText('end active');
  // Shift moves ten samples (2 s at 5 Hz) per press: 6 s earlier.
  for (let press = 0; press < 3; press++) await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(async () => (await selectedLimits(page))[1]).toBeCloseTo(end - 0.1, 2);
  await expect(page.locator('.peak-editor__count')).toContainText('2 changes staged');
  await expect.poll(() => areaOf(2)).toBeLessThan(automaticArea);

  // Enter without a reason asks for one and goes to the field; Enter there saves.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Staged changes' }).getByRole('alert')).toHaveText(
    'A reason is required for every manual integration change.',
  );
  const reason = page.getByLabel('Reason (required)');
  await expect(reason).toBeFocused();
  await page.keyboard.type('Ghost peak removed, tail cut');
  await page.keyboard.press('Enter');

  const panel = page.getByRole('region', { name: 'Integration' });
  await expect(panel).toContainText('Version 2 · manual');
  await expect(rows).toHaveCount(2);
  const audit = panel.getByRole('list', { name: 'Integration audit' });
  await expect(audit.locator('li')).toHaveCount(1);
  await expect(audit).toContainText('Several changes');
  await expect(audit).toContainText('Reason: Ghost peak removed, tail cut');
  await shot(page, testInfo, 'integration-keyboard');
});

test('a start dragged into the neighbour by touch at 375 px is refused naming the peak', async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL,
    hasTouch: true,
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  try {
    const { areaOf } = await openImported(page, 375);
    const areas = [await areaOf(1), await areaOf(2), await areaOf(3)];
    await page.getByRole('button', { name: 'Edit peaks' }).tap();
    const apex = await plotPoint(page, 6.67);
    await page.touchscreen.tap(apex.x, apex.y);
    const [start] = await selectedLimits(page);
    await expect(page.locator('.peak-editor__status')).toContainText('Peak 3 of 3');

    // A touch drag of peak 3's start to 4 min, inside peak 2.
    const from = await plotPoint(page, start);
    const to = await plotPoint(page, 4);
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', from.x, from.y);
    for (let step = 1; step <= 6; step++)
      await touch('touchMove', from.x + ((to.x - from.x) * step) / 6, from.y);
    await touch('touchEnd', to.x, to.y);

    const refusal = page.getByRole('region', { name: 'Staged changes' }).getByRole('alert');
    await expect(refusal).toHaveText('The new limits overlap peak 2.');
    await expect(page.locator('.peak-editor__count')).toContainText('No changes staged');
    // Typed limits are refused the same way.
    await page.getByLabel('Peak 3 start, min').fill('3.95');
    await page.getByLabel('Peak 3 start, min').press('Enter');
    await expect(refusal).toHaveText('The new limits overlap peak 2.');
    await page.getByLabel('Peak 3 start, min').fill('9.99');
    await page.getByLabel('Peak 3 start, min').press('Enter');
    await expect(refusal).toHaveText('A peak must start before it ends.');
    await expect(page.locator('.peak-editor__count')).toContainText('No changes staged');
    expect([await areaOf(1), await areaOf(2), await areaOf(3)]).toEqual(areas);
    await noSidewaysScroll(page);
    await shot(page, testInfo, 'integration-refused-375');
  } finally {
    await context.close();
  }
});
