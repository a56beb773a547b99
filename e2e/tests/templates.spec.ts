import { expect, test, type Page } from './fixtures.ts';
import { expectNoSidewaysScroll, shot, signInThroughPage } from './helpers.ts';

/** The preview's peak count, read in the same look that finds it settled (a new preview may start any time). */
const peakCount = async (page: Page) => {
  const status = page.getByRole('region', { name: 'Live preview' }).getByRole('status');
  let count = NaN;
  await expect
    .poll(async () => {
      const found = /^(\d+) peaks? found$/.exec(((await status.textContent()) ?? '').trim());
      count = found ? Number(found[1]) : NaN;
      return Number.isNaN(count);
    })
    .toBe(false);
  return count;
};

test('at 375 px the live preview follows each change of the template on the same chromatogram', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Live preview' });
  const figure = preview.getByRole('figure', { name: 'Preview chromatogram' });
  const automatic = await peakCount(page);
  expect(automatic).toBeGreaterThan(3);
  // The worker keeps the chromatogram between previews: each value typed gives its own count, and going
  // back to a value gives that value's count again.
  const prominence = page.getByLabel('Min prominence, mAU');
  await prominence.fill('50');
  await expect.poll(() => peakCount(page)).toBeLessThan(automatic);
  const strict = await peakCount(page);
  await prominence.fill('0.5');
  await expect.poll(() => peakCount(page)).toBeGreaterThan(strict);
  const loose = await peakCount(page);
  await prominence.fill('50');
  await expect.poll(() => peakCount(page)).toBe(strict);
  await expect(figure).toHaveAttribute('data-peaks', String(strict));
  await prominence.fill('0.5');
  await expect.poll(() => peakCount(page)).toBe(loose);
  await expect(preview.getByRole('table', { name: 'Preview peaks' }).locator('tbody tr')).toHaveCount(loose);
  // Typed quickly, "5" then "50" (each keystroke sent at once, no debounce): the preview ends on the table
  // of the last value, never on the stale "5".
  await prominence.fill('5');
  await expect.poll(() => peakCount(page)).not.toBe(loose);
  const five = await peakCount(page);
  expect(five).not.toBe(strict);
  await prominence.fill('0.5');
  await expect.poll(() => peakCount(page)).toBe(loose);
  await prominence.fill('');
  await prominence.pressSequentially('50');
  await expect(prominence).toHaveValue('50');
  await expect.poll(() => peakCount(page)).toBe(strict);
  await expect(preview.getByRole('table', { name: 'Preview peaks' }).locator('tbody tr')).toHaveCount(strict);
  await expect(figure).toHaveAttribute('data-peaks', String(strict));
  await expectNoSidewaysScroll(page);
  // The time-unit toggle keeps both labels whole inside its card.
  const card = (await page.getByRole('region', { name: 'Detection time' }).boundingBox())!;
  const toggle = (await page.getByRole('group', { name: 'Time unit' }).boundingBox())!;
  const seconds = (await page.getByRole('button', { name: 'Seconds' }).boundingBox())!;
  expect(seconds.x + seconds.width).toBeLessThanOrEqual(toggle.x + toggle.width + 0.5);
  expect(toggle.x + toggle.width).toBeLessThanOrEqual(card.x + card.width);
  await shot(page, testInfo, 'template-editor-375');
});

test('templates: the editor previews live, validates, saves by uuid and lists the template', async ({
  page,
}, testInfo) => {
  // Records what the page sends to the processing worker, and when.
  await page.addInitScript(() => {
    const sent: { type: string; at: number }[] = [];
    (window as unknown as { workerMessages: typeof sent }).workerMessages = sent;
    const post = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')!.value as (
      this: Worker,
      ...args: unknown[]
    ) => void;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const type = (args[0] as { type?: unknown } | null)?.type;
      if (typeof type === 'string') sent.push({ type, at: performance.now() });
      post.apply(this, args);
    } as Worker['postMessage'];
  });
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Live preview' });
  const before = await peakCount(page);
  expect(before).toBeGreaterThan(3);
  // The chromatogram goes to the worker as soon as it loads, before the first preview request (sent at once,
  // without a debounce), so the worker measures it first and every preview reuses the measurements.
  const sent = await page.evaluate(
    () => (window as unknown as { workerMessages: { type: string; at: number }[] }).workerMessages,
  );
  expect(sent[0]!.type).toBe('signal');
  expect(sent.filter((message) => message.type === 'signal')).toHaveLength(1);
  expect(sent.some((message) => message.type === 'process')).toBe(true);
  await expect(preview.getByRole('table', { name: 'Preview peaks' }).locator('tbody tr')).toHaveCount(before);
  await expect(preview.getByRole('figure', { name: 'Preview chromatogram' })).toHaveAttribute(
    'data-peaks',
    String(before),
  );
  await shot(page, testInfo, 'template-editor-new');

  const prominence = page.getByLabel('Min prominence, mAU');
  await prominence.fill('-1');
  await expect(page.getByText('Must be higher than 0')).toBeVisible();
  await prominence.fill('50');
  await expect.poll(() => peakCount(page)).toBeLessThan(before);
  const after = await peakCount(page);
  await expect(preview.getByRole('table', { name: 'Preview peaks' }).locator('tbody tr')).toHaveCount(after);
  await expect(preview.getByRole('figure', { name: 'Preview chromatogram' })).toHaveAttribute(
    'data-peaks',
    String(after),
  );

  // Every algorithm label of spec §3 is offered.
  const baseline = page.getByLabel('Baseline correction algorithm');
  for (const label of [
    'None',
    'Diagonal correction',
    'Horizontal correction',
    'Manual',
    'Simple subtraction',
  ]) {
    await expect(baseline.locator('option', { hasText: label })).toHaveCount(1);
  }
  await baseline.selectOption({ label: 'Horizontal correction' });
  await expect(page.getByLabel('Anchor point, s')).toBeVisible();
  await page.getByLabel('Peak integration algorithm').selectOption({ label: '1st derivative' });
  await expect(page.getByLabel('Value at start, mAU')).toBeVisible();
  await page.getByLabel('Peak integration algorithm').selectOption({ label: 'Peak Fitting v1' });
  await expect(page.getByLabel('Quality threshold')).toBeVisible();
  await page.getByLabel('Peak integration algorithm').selectOption({ label: 'Default' });
  await expect(page.getByLabel('Peak detection algorithm').locator('option')).toHaveText([
    'Default',
    'Wavelet v1',
  ]);
  await expect(page.getByLabel('Noise algorithm').locator('option')).toHaveText([
    'None',
    'Start',
    'Median',
    'Finish',
  ]);

  await page.getByLabel('Start, min').fill('5');
  await page.getByLabel('End, min').fill('2');
  await expect(page.getByText('Must be higher than 5')).toBeVisible();
  await page.getByLabel('Start, min').fill('0.5');
  await page.getByLabel('End, min').fill('9');
  await page.getByRole('button', { name: 'Seconds' }).click();
  await expect(page.getByLabel('Start, sec')).toHaveValue('30');
  await expect(page.getByLabel('End, sec')).toHaveValue('540');
  await shot(page, testInfo, 'template-editor-tuned');

  const name = `Assay template ${Date.now()}`;
  await page.getByLabel('Template name').fill(name);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page).toHaveURL(/\/app\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.reload();
  await expect(page.getByLabel('Min prominence, mAU')).toHaveValue('50');
  await expect(page.getByLabel('Start, min')).toHaveValue('0.5');
  await expect(page.getByLabel('Baseline correction algorithm')).toHaveValue('horizontal_correction');

  await page.getByRole('link', { name: 'Templates', exact: true }).first().click();
  const rows = page.locator('tbody tr');
  await page.getByLabel('Search templates').fill(name);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Horizontal correction');
  await page.getByRole('button', { name: `Add ${name} to favorites` }).click();
  await expect(page.getByRole('button', { name: `Remove ${name} from favorites` })).toBeVisible();
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Archive ${name}?` })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(rows).toHaveCount(0);
  await page.getByRole('button', { name: 'Archived' }).click();
  await expect(rows).toHaveCount(1);
  await shot(page, testInfo, 'templates-archived');
});

test('templates: a 1,000,000-point chromatogram zooms and pans', async ({ page }, testInfo) => {
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await page
    .getByLabel('Chromatogram', { exact: true })
    .selectOption({ label: 'Example: long run, 1,000,000 points' });
  await expect.poll(() => peakCount(page)).toBeGreaterThan(10);
  // Keys typed while a preview of a million points is computed: the worker computes only the latest request
  // waiting ("150", the "15" before it superseded), and the table ends on the count of the last value.
  const prominence = page.getByLabel('Min prominence, mAU');
  const table = page.getByRole('table', { name: 'Preview peaks' }).locator('tbody tr');
  const automatic = await peakCount(page);
  await prominence.fill('15');
  await expect.poll(() => peakCount(page)).toBeLessThan(automatic);
  const fifteen = await peakCount(page);
  await prominence.fill('150');
  await expect.poll(() => peakCount(page)).not.toBe(fifteen);
  const last = await peakCount(page);
  await prominence.fill('');
  await expect.poll(() => peakCount(page)).toBe(automatic);
  await prominence.pressSequentially('150');
  await expect.poll(() => peakCount(page)).toBe(last);
  await expect(table).toHaveCount(last);
  await prominence.fill('');
  await expect.poll(() => peakCount(page)).toBe(automatic);
  const plot = page.getByRole('figure', { name: 'Preview chromatogram' });
  const range = async (): Promise<[number, number]> => [
    Number(await plot.getAttribute('data-x-min')),
    Number(await plot.getAttribute('data-x-max')),
  ];
  await expect.poll(async () => (await range())[1]).toBeGreaterThan(160);
  const [fullMin, fullMax] = await range();

  const canvas = plot.locator('.u-over');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => (await range())[1] - (await range())[0])
    .toBeLessThan((fullMax - fullMin) / 3);
  const [zoomMin, zoomMax] = await range();
  await shot(page, testInfo, 'million-points-zoomed');

  await page.getByRole('button', { name: 'Pan right' }).click();
  await expect.poll(async () => (await range())[0]).toBeGreaterThan(zoomMin);
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const [panMin, panMax] = await range();
  expect(panMax - panMin).toBeCloseTo(zoomMax - zoomMin, 3);
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect.poll(range).toEqual([fullMin, fullMax]);
});

test('templates: a crowded run with no baseline says its noise was read from the differences', async ({
  page,
}, testInfo) => {
  await page.goto('/app/templates/new');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Live preview' });
  await preview
    .getByLabel('Chromatogram', { exact: true })
    .selectOption({ label: 'Example: crowded short run, 400 points (no baseline between peaks)' });
  await expect.poll(() => peakCount(page)).toBeGreaterThanOrEqual(21);
  const summary = page.getByRole('group', { name: 'Detection' });
  await expect(summary).toContainText(
    /Noise read\s*from the samples' 8th differences: every gap between the peaks held a peak/,
  );
  await shot(page, testInfo, 'template-editor-noise-read');
});
