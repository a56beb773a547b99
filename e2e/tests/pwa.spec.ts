import { expect, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

/** What Chromium does when the app is installable: a cancellable beforeinstallprompt with prompt(). */
async function offerInstallation(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

test('the manifest names the app and its icons load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Eluent Cloud', start_url: '/app/devices/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain(icon.type);
  }
});

test('the service worker keeps the app shell: the page opens offline', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/');
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);
  // Controlled now: this load puts the page's assets in the cache.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Eluent Cloud' }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The worker stores each answer after handing it to the page: offline only once the page and every asset
  // it loaded are in the shell cache, or the offline load would race the last writes.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = new Set(
          (await (await caches.open('eluent-shell-v1')).keys()).map(
            (request) => new URL(request.url).pathname,
          ),
        );
        const assets = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname);
        return assets.length > 0 && kept.has(location.pathname) && assets.every((path) => kept.has(path));
      }),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Eluent Cloud' }).first()).toBeVisible();
  await shot(page, testInfo, 'pwa-offline');
  await context.setOffline(false);
});

test('installation is suggested once per browser, and the account page offers it', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'Eluent Cloud' }).first()).toBeVisible();
  await offerInstallation(page);
  const suggestion = page.getByText('Install Eluent as an app for a window of its own.');
  await expect(suggestion).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('eluent:wasSuggestedPwaInstallation'))).toBe('true');
  await shot(page, testInfo, 'pwa-suggestion');
  await page.getByRole('button', { name: 'Install', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);

  await page.reload();
  await expect(page.getByRole('img', { name: 'Eluent Cloud' }).first()).toBeVisible();
  await offerInstallation(page);
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\//);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await offerInstallation(page);
  await expect(page.getByRole('region', { name: 'App' })).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  await page.getByRole('button', { name: 'Install app' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
});
