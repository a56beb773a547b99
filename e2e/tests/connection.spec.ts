// Failures and slowness as an analyst meets them: a lost connection reads as the connection text with a
// Retry (never the browser's 'Failed to fetch'), an answer that is no JSON as 'Request failed!' with its
// reason, a slow list shows a loading state, and a refused edit in the sequence table goes back to what the
// server stored, with the catalogue reason in a toast.
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { createDraftSequence } from './sequence-data.ts';
import { demoToken } from './share-data.ts';

const CONNECTION_TEXT = "Can't connect to the server. Try to refresh the page";

test.beforeEach(async ({ page }) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
});

test('a lost connection says so in words with Retry, on a GraphQL list and a REST page', async ({
  page,
}, testInfo) => {
  await page.route('**/hasura/v1/graphql', (route) => route.abort('internetdisconnected'));
  await page.goto('/app/methods/');
  const failure = page.getByRole('alert').filter({ hasText: CONNECTION_TEXT });
  await expect(failure).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await shot(page, testInfo, 'methods-connection-lost');
  await page.unroute('**/hasura/v1/graphql');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(failure).toHaveCount(0);

  await page.route('**/api/sequences/', (route) => route.abort('internetdisconnected'));
  await page.goto('/app/sequences/');
  await expect(page.getByRole('alert').filter({ hasText: CONNECTION_TEXT })).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await page.unroute('**/api/sequences/');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: CONNECTION_TEXT })).toHaveCount(0);
});

test("a GraphQL answer that is no JSON reads as 'Request failed!' with the status text", async ({ page }) => {
  // What a proxy in front of the server answers when the server is down: an HTML page, no GraphQL body.
  await page.route('**/hasura/v1/graphql', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
  );
  await page.goto('/app/methods/');
  const failure = page.getByRole('alert').filter({ hasText: 'Request failed! Bad Gateway' });
  await expect(failure).toBeVisible();
  await page.unroute('**/hasura/v1/graphql');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a slow list shows its loading state until the answer arrives', async ({ page }, testInfo) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  await page.route('**/api/sequences/', (route: Route) => {
    held.push(released.then(() => route.continue()));
  });
  await page.goto('/app/sequences/');
  const loading = page.getByRole('status', { name: 'Loading sequences' });
  await expect(loading).toBeVisible();
  await shot(page, testInfo, 'sequences-loading');
  release();
  await Promise.all(held);
  await expect(loading).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sequences', exact: true })).toBeVisible();
});

test('a vial the server refuses goes back to the stored vial, with the reason', async ({
  page,
  request,
}, testInfo) => {
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const { sequenceId } = await createDraftSequence(request, token, `Refused vial ${Date.now()}`, [3]);

  await page.goto(`/app/sequences/${sequenceId}`);
  const vial = page.getByLabel('Row 1 vial');
  await expect(vial).toHaveValue('3');
  await vial.fill('500');
  await vial.press('Enter');
  // The simulated tray holds 96 vials: the server says why, and the cell shows the stored vial again.
  await expect(page.getByRole('alert').filter({ hasText: 'Must be lower than 97' })).toBeVisible();
  await expect(vial).toHaveValue('3');
  await shot(page, testInfo, 'sequence-vial-refused');
  const stored = await request.get(`/api/sequences/${sequenceId}/`, { headers });
  expect(((await stored.json()) as { drafts: { vial: number }[] }).drafts[0]!.vial).toBe(3);

  await vial.fill('7');
  await vial.press('Enter');
  await expect(vial).toHaveValue('7');
  await page.reload();
  await expect(page.getByLabel('Row 1 vial')).toHaveValue('7');
});
