// Every cabinet page on a phone (375 px) and a laptop (1366 px): nothing scrolls sideways, the sections are
// reachable through a menu with touch-sized rows on the phone and side by side on the laptop.
import { expect, scaled, test, type Page } from './fixtures.ts';
import { randomUUID } from 'node:crypto';
import { shot, signInThroughPage } from './helpers.ts';
import { demoToken, graphql } from './share-data.ts';

const SECTIONS = ['Instruments', 'Sequences', 'Chromatograms', 'Methods', 'Templates', 'Audit'];

function csv(): Buffer {
  const lines = ['time (s),signal (mAU)'];
  for (let index = 0; index < 1500; index++) {
    const time = index / 5;
    lines.push(`${time.toFixed(2)},${(1 + 40 * Math.exp(-0.5 * ((time - 120) / 3) ** 2)).toFixed(5)}`);
  }
  return Buffer.from(lines.join('\n'));
}

/** Waits until the page has drawn its data (no loading state left) and measures its width. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const measure = () =>
    page.evaluate(() => {
      // The outermost elements that reach past the window, named for the failure message.
      const wider = Array.from(document.querySelectorAll('body *')).filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
      );
      const outermost = wider.filter(
        (element) => !element.parentElement || !wider.includes(element.parentElement),
      );
      return {
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
        offenders: outermost
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
      };
    });
  // Read until the layout has settled (a plot sizes itself to its box after the page is drawn): the last reading
  // is the one reported when the page never fits.
  let widths = await measure();
  await expect
    .poll(async () => {
      widths = await measure();
      return widths.scroll <= widths.inner;
    })
    .toBe(true)
    .catch(() => undefined);
  expect
    .soft(
      widths.scroll,
      `${path} is ${widths.scroll} px wide in ${widths.inner} px: ${widths.offenders.join(', ')}`,
    )
    .toBeLessThanOrEqual(widths.inner);
}

test('cabinet pages fit 375 px and 1366 px; the phone menu has 44 px rows', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(180_000));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  // One of each detail page: an imported chromatogram, a sequence, a method and a template.
  await page.goto('/app/chromatograms/');
  await page
    .getByLabel('Chromatogram file')
    .setInputFiles({ name: 'layout.csv', mimeType: 'text/csv', buffer: csv() });
  await expect(page).toHaveURL(/\/app\/chromatograms\/\d+$/);
  const measurementId = Number(/(\d+)$/.exec(page.url())?.[1]);
  const token = await demoToken(request);
  const templateUuid = randomUUID();
  await graphql(
    request,
    token,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    { o: { uuid: templateUuid, name: `Layout template ${Date.now()}` } },
  );
  const ids = await graphql<{ devices: { id: number }[]; methods: { id: number }[] }>(
    request,
    token,
    '{ devices(order_by: {id: asc}) { id } methods(limit: 1, order_by: {id: asc}) { id } }',
  );
  const created = await request.post('/api/sequences/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `Layout ${Date.now()}`,
      device_id: ids.devices[0]!.id,
      method_id: null,
      template_uuid: null,
    },
  });
  expect(created.ok()).toBe(true);
  const sequenceId = ((await created.json()) as { id: number }).id;

  const paths = [
    '/app/devices/',
    `/app/devices/${ids.devices[0]!.id}`,
    '/app/sequences/',
    '/app/sequences/samples',
    `/app/sequences/${sequenceId}`,
    '/app/chromatograms/',
    `/app/chromatograms/${measurementId}`,
    '/app/chromatograms/compare',
    '/app/methods/',
    `/app/methods/${ids.methods[0]!.id}`,
    '/app/methods/new',
    '/app/templates/',
    '/app/templates/new',
    `/app/templates/${templateUuid}`,
    '/app/audit/',
    '/app/account/',
    '/app/members/',
  ];

  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const path of paths) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
    }
    await page.goto('/app/templates/new');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await shot(page, testInfo, `template-editor-${width}`);
  }

  // Phone: the sections sit behind Menu; each row is at least 44 px high and leads to its page.
  const nav = page.getByRole('navigation', { name: 'Cabinet' });
  await page.goto('/app/devices/');
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  const menuBox = await menu.boundingBox();
  expect(menuBox!.height).toBeGreaterThanOrEqual(44);
  expect(menuBox!.width).toBeGreaterThanOrEqual(44);
  const account = await page.getByRole('link', { name: 'Account' }).boundingBox();
  expect(account!.height).toBeGreaterThanOrEqual(44);
  expect(account!.width).toBeGreaterThanOrEqual(44);
  // Its icon shows (the address is hidden on a phone, the icon is not).
  const accountIcon = await page.getByRole('link', { name: 'Account' }).locator('.icon').boundingBox();
  expect(accountIcon?.width ?? 0).toBeGreaterThanOrEqual(20);
  await menu.click();
  await expect(nav).toBeVisible();
  for (const name of SECTIONS) {
    const box = await nav.getByRole('link', { name }).boundingBox();
    expect(box!.height, `${name} row height`).toBeGreaterThanOrEqual(44);
    expect(box!.width, `${name} row width`).toBeGreaterThanOrEqual(300);
  }
  await shot(page, testInfo, 'cabinet-menu-375');
  await nav.getByRole('link', { name: 'Methods' }).click();
  await expect(page).toHaveURL(/\/app\/methods\/$/);
  await expect(nav).toBeHidden();

  // Laptop: the sections are side by side in the bar, no menu button.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  for (const name of SECTIONS) await expect(nav.getByRole('link', { name })).toBeVisible();
  await shot(page, testInfo, 'cabinet-bar-1366');
  // At 1280 px the bar is full: the address gives way, while the account icon stays whole and Log out stays
  // on one line.
  await page.setViewportSize({ width: 1280, height: 800 });
  const logout = await page.getByRole('button', { name: 'Log out' }).boundingBox();
  expect(logout!.height).toBeLessThan(40);
  const barIcon = await page.getByRole('link', { name: 'Account' }).locator('.icon').boundingBox();
  expect(barIcon!.width).toBeGreaterThanOrEqual(20);
});
