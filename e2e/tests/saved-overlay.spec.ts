// A saved overlay: built from two chromatograms (stacked, normalised, one hidden), saved under a name,
// reopened from the list with the same view, renamed, shared with a chosen expiry (its Audit trail panel then
// lists the saving, the rename and the link), and opened read-only by a visitor in a fresh context; at
// 1366 px and at 375 px, where no page scrolls sideways.
import { expect, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

function csv(unit: 'AU' | 'mAU', height: number, centreSec: number): Buffer {
  const lines = [`time (s),signal (${unit})`];
  for (let index = 0; index < 1500; index++) {
    const time = index / 5;
    lines.push(`${time.toFixed(2)},${(height * Math.exp(-0.5 * ((time - centreSec) / 3) ** 2)).toFixed(6)}`);
  }
  return Buffer.from(lines.join('\n'));
}

async function importCsv(page: Page, name: string, body: Buffer): Promise<number> {
  await page.goto('/app/chromatograms/');
  await page.getByLabel('Chromatogram file').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  return Number(/(\d+)$/.exec(page.url())?.[1]);
}

async function noSideScroll(page: Page) {
  // Read until the layout has settled (a toast sliding in, a plot resizing): docs/testing.md.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

for (const width of [1366, 375]) {
  test(`a saved overlay is reopened and shared read-only at ${width} px`, async ({
    page,
    browser,
  }, testInfo) => {
    const phone = width === 375;
    await page.setViewportSize({ width, height: phone ? 812 : 900 });
    await page.goto('/auth/login/');
    await signInThroughPage(page);
    await expect(page).toHaveURL(/\/app\//);
    const stamp = `${width}-${Date.now()}`;
    const first = `overlay-a-${stamp}.csv`;
    const second = `overlay-b-${stamp}.csv`;
    const a = await importCsv(page, first, csv('AU', 0.05, 100));
    const b = await importCsv(page, second, csv('mAU', 80, 140));
    await page.goto('/app/chromatograms/');
    await page.getByRole('checkbox', { name: `Compare ${first}` }).check();
    await page.getByRole('checkbox', { name: `Compare ${second}` }).check();
    await page.goto('/app/chromatograms/compare');
    // Both traces drawn, as the analyst sees them before changing the view.
    for (const id of [a, b])
      await expect(page.locator(`[data-trace="measurement:${id}"]`)).toHaveAttribute('data-unit', 'mAU');
    await expect(page.getByRole('figure', { name: 'Overlay' })).toBeVisible();

    // Build the view: stacked, normalised to the largest peak, the first trace hidden.
    await page.getByRole('button', { name: 'Stacked' }).click();
    await expect(page.getByRole('button', { name: 'Stacked' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Normalise').selectOption('largest');
    await page.getByRole('checkbox', { name: `Show #${a}` }).uncheck();
    const name = `Lot ${stamp}`;
    await page.getByLabel('Overlay name').fill(name);
    await page.getByRole('button', { name: 'Save overlay' }).click();
    const saved = page.locator('.saved-overlays__list li', { hasText: name });
    await expect(saved).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    if (phone) await noSideScroll(page);
    await shot(page, testInfo, `saved-overlay-${width}`);

    // Change the view, then reopen the saved one: it comes back as saved.
    await page.getByRole('button', { name: 'Overlay', exact: true }).click();
    await page.getByLabel('Normalise').selectOption('none');
    await page.getByRole('checkbox', { name: `Show #${a}` }).check();
    await page.reload();
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect(page.getByRole('button', { name: 'Stacked' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Normalise')).toHaveValue('largest');
    await expect(page.locator(`[data-trace="measurement:${a}"]`)).toHaveAttribute('data-hidden', 'true');
    await expect(page.locator(`[data-trace="measurement:${b}"]`)).not.toHaveAttribute('data-hidden', 'true');

    // Rename it.
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    const renamed = `${name} (final)`;
    await page.getByLabel('New name').fill(renamed);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('button', { name: `Open ${renamed}` })).toBeVisible();

    // Share it for 7 days.
    await page.getByRole('button', { name: `Share ${renamed}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Link expires after').selectOption({ label: '7 days' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = dialog.getByLabel('Share link').last();
    await expect(link).toHaveValue(/\/share\/\?token=.*#\/overlays\/$/);
    const url = await link.inputValue();
    if (phone) await noSideScroll(page);
    await shot(page, testInfo, `saved-overlay-share-${width}`);
    await page.keyboard.press('Escape');

    // The opened overlay's own audit trail: its saving, the rename (old → new) and the share link.
    const panel = page.locator('details.audit');
    await panel.getByRole('heading', { name: 'Audit trail' }).click();
    const entries = panel.getByRole('table', { name: 'Audit trail entries' });
    await expect(entries.locator('tr', { hasText: 'Created Saved overlay' })).toContainText(name);
    const renameRow = entries.locator('tr', { hasText: 'Changed Saved overlay' });
    await expect(renameRow.locator('del')).toHaveText(name);
    await expect(renameRow.locator('ins')).toHaveText(renamed);
    await expect(entries.locator('tr', { hasText: 'Created Share link' })).toContainText('overlay');
    await expect(entries.locator('tbody tr')).toHaveCount(3);
    if (phone) await noSideScroll(page);

    // A visitor in a fresh context (no account) sees the same overlay, read-only.
    const visitor = await browser.newContext({ viewport: { width, height: phone ? 812 : 900 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(url);
    await expect(visitorPage.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(visitorPage.getByText('Shared view · read-only')).toBeVisible();
    await expect(visitorPage.getByTestId('overlay-view')).toHaveText('Stacked · largest peak = 100 %');
    await expect(visitorPage.locator(`[data-trace="measurement:${a}"]`)).toHaveAttribute(
      'data-hidden',
      'true',
    );
    await expect(visitorPage.locator(`[data-trace="measurement:${b}"]`)).toContainText(second);
    await expect(visitorPage.getByRole('figure', { name: 'Overlay' })).toBeVisible();
    // Drawn as saved: only the shown trace, normalised and stacked.
    const drawn = visitorPage.locator('[data-series]');
    await expect(drawn).toHaveAttribute('data-series', `measurement:${b}`);
    await expect(drawn).toHaveAttribute('data-axis', '% of peak (shifted)');
    // Nothing on the page writes: no save, rename, delete or share.
    await expect(visitorPage.getByRole('button', { name: /Save|Rename|Delete|Share/ })).toHaveCount(0);
    if (phone) await noSideScroll(visitorPage);
    await shot(visitorPage, testInfo, `saved-overlay-visitor-${width}`);
    await visitor.close();

    // Delete it: gone from the list.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('button', { name: `Delete “${renamed}”` }).click();
    await expect(page.getByRole('button', { name: `Open ${renamed}` })).toHaveCount(0);
  });
}
