// What an analyst sees on a finished sequence: the Sign button shows its progress while the signature is
// checked (1366 px); the workspace switcher names the workspace; on a phone (375 px) the sequence page, the
// chromatogram page and the printed report keep every main button at least 32 px and every report table's
// last column (the SST verdict, S/N) reachable by scrolling the table's own box (docs/web.md).
import { expect, scaled, test, type Page } from './fixtures.ts';
import { DEMO, signInThroughPage } from './helpers.ts';
import { demoToken, runSample, type FinishedRun } from './share-data.ts';

let run: FinishedRun;

test.beforeAll(async ({ request }) => {
  test.setTimeout(scaled(150_000));
  run = await runSample(request, await demoToken(request), `Phone cola ${Date.now()}`, 1);
});

async function signIn(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
  await page.goto('/auth/login/');
  await signInThroughPage(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/app\//);
}

/** The visible buttons of the page's main area smaller than 32 px either way, named for the failure message. */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, a.button, [role="button"], summary, select';
    return Array.from(document.querySelectorAll<HTMLElement>(`main ${selector}, .report ${selector}`))
      .filter(
        (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
      )
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && Math.min(box.width, box.height) < 31.5)
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName} ` +
          `(${Math.round(box.width)}×${Math.round(box.height)})`,
      );
  });
}

test('at 1366 px: signing shows that it is working, and the workspace switcher names the workspace', async ({
  page,
}) => {
  await signIn(page, 1366);
  const switcher = page.getByLabel('Workspaces');
  await expect(switcher).toBeVisible();
  await expect(switcher).toHaveAttribute('title', / · /);
  const workspace = (await switcher.getAttribute('title'))!.split(' · ')[0]!;
  // The name is written beside the icon, not only in a tooltip.
  await expect(switcher.locator('.workspace-switcher__name')).toBeVisible();
  await expect(switcher.locator('.workspace-switcher__name')).toHaveText(workspace);

  await page.goto(`/app/sequences/${run.sequenceId}/`);
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await review.getByRole('button', { name: 'Sign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the sequence results' });
  await dialog.getByLabel('Password').fill(DEMO.password);
  // The signature request is held until the busy state has been read, then goes to the server unchanged.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sequences/*/signatures/', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true });
  await sign.click();
  const busy = dialog.getByRole('button', { name: 'Signing…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(dialog).toBeHidden();
  await expect(review.getByRole('list', { name: 'Signatures' })).toContainText(DEMO.email);
});

test('at 375 px: main buttons are at least 32 px and report tables scroll inside their box', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  await signIn(page, 375);
  await page.goto(`/app/sequences/${run.sequenceId}/`);
  await expect(page.getByRole('button', { name: 'Sequence report' })).toBeVisible();
  expect(await smallTapTargets(page), 'sequence page').toEqual([]);

  const chromatogram = page.locator('main a[href^="/app/chromatograms/"]').first();
  await chromatogram.click();
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+/);
  await expect(page.getByRole('region', { name: 'Peak table' }).locator('tbody tr').first()).toBeVisible();
  // The plot and its toolbar load after the table: the check waits for them.
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
  expect(await smallTapTargets(page), 'chromatogram page').toEqual([]);

  await page.goto(`/app/sequences/${run.sequenceId}/`);
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Sequence report' }).click();
  const report = await popup;
  await report.setViewportSize({ width: 375, height: 812 });
  await expect(report.getByRole('heading', { name: 'Sequence report' })).toBeVisible();
  await expect(report.locator('.report .peak-table').first()).toBeVisible();
  expect(await smallTapTargets(report), 'report').toEqual([]);
  // The page itself never scrolls sideways; each table's last header is brought into view inside its box.
  await expect
    .poll(() => report.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  const tables = await report.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLTableElement>('.report table')).map((table) => {
      const box = table.closest<HTMLElement>('.report__table-scroll');
      const last = Array.from(table.querySelectorAll('thead th')).at(-1) as HTMLElement | undefined;
      if (box) box.scrollLeft = box.scrollWidth;
      const cell = last?.getBoundingClientRect();
      const frame = box?.getBoundingClientRect();
      return {
        table: table.getAttribute('aria-label') ?? table.className,
        last: last?.textContent ?? '',
        inBox: !!box,
        reachable:
          !!cell &&
          !!frame &&
          cell.right <= frame.right + 1 &&
          cell.left >= frame.left - 1 &&
          cell.right <= innerWidth + 1,
        scrolls: !!box && box.scrollWidth > box.clientWidth,
      };
    }),
  );
  expect(tables.length).toBeGreaterThan(2);
  for (const table of tables)
    expect(table, JSON.stringify(table)).toMatchObject({ inBox: true, reachable: true });
  // At 375 px at least the peak table is wider than the screen: it scrolls rather than being cut.
  expect(tables.some((table) => table.scrolls)).toBe(true);
  await report.close();
});
