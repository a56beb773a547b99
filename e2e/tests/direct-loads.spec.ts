// An address typed or bookmarked into the browser answers the web page, never the API's JSON: the short
// account addresses (/sign-up/, /log-in/) lead to their pages, a deep link loads the app, an unknown path
// shows the app's "not found" page with status 404, and the API's own paths stay JSON (docs/web.md).
import { expect, test } from './fixtures.ts';

for (const width of [1366, 375]) {
  test(`at ${width} px: /sign-up/, /log-in/ and deep links opened directly answer the page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const signUp = await page.goto('/sign-up/');
    expect(signUp?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveURL(/\/auth\/sign-up\/$/);
    await expect(page.getByRole('heading', { name: 'Create your Eluent account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();

    await page.goto('/log-in/?referer=%2Fapp%2Fmethods%2F');
    await expect(page).toHaveURL(/\/auth\/login\/\?referer=%2Fapp%2Fmethods%2F$/);
    await expect(page.getByRole('heading', { name: 'Log in to Eluent' })).toBeVisible();

    // A deep link of the cabinet: the page loads and its guard asks for a sign-in.
    await page.goto('/app/sequences/12/');
    await expect(page).toHaveURL(/\/auth\/login\?referer=/);

    const unknown = await page.goto('/no-such-page/here');
    expect(unknown?.status()).toBe(404);
    expect(unknown?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
}

test('the API keeps its JSON answers for paths no route takes, even from a browser', async ({
  page,
  request,
}) => {
  const api = await page.goto('/api/no-such-route/');
  expect(api?.status()).toBe(404);
  expect(await api?.json()).toMatchObject({ code: 'not_found' });
  // A client asking for JSON (not a page) gets the API's answer on any path.
  const plain = await request.get('/sign-up/', { headers: { accept: 'application/json' } });
  expect(plain.status()).toBe(404);
  expect(await plain.json()).toMatchObject({ code: 'not_found' });
  // A missing asset stays a plain 404, not the page.
  const asset = await request.get('/assets/missing-file.js', { headers: { accept: 'text/html' } });
  expect(asset.status()).toBe(404);
  expect(asset.headers()['content-type']).not.toContain('text/html');
});
