import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

test('My cabinet lists the instruments GraphQL returns, live, and keeps the chosen order', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
  const answer = await page.request.post('/hasura/v1/graphql', {
    headers: { Authorization: `Bearer ${token}` },
    data: { query: '{ devices(order_by: [{ position: asc }, { id: asc }]) { id name } }' },
  });
  const devices = ((await answer.json()).data?.devices ?? []) as { id: number; name: string }[];

  const cards = page.getByRole('article');
  // The browser-test server runs two simulated instruments on the demo account (e2e/server.ts).
  expect(devices).toHaveLength(2);
  await expect(cards).toHaveCount(devices.length);
  await expect(cards.first().getByRole('status')).toHaveText(/Idle|Running|Paused|Error|Offline/);
  // Telemetry arrives over the realtime channel: the column temperature is filled in live.
  await expect(cards.first().getByRole('definition').nth(3)).toHaveText(/\d+\.\d °C/);
  await shot(page, testInfo, 'devices-cards');

  const first = devices[0]!;
  const second = devices[1]!;
  await expect(cards.nth(0)).toHaveAttribute('aria-label', first.name);
  await page.getByRole('button', { name: `Move ${first.name} later` }).click();
  await expect(cards.nth(0)).toHaveAttribute('aria-label', second.name);
  await page.reload();
  await expect(cards.nth(0)).toHaveAttribute('aria-label', second.name);
  await expect(cards.nth(1)).toHaveAttribute('aria-label', first.name);
  await shot(page, testInfo, 'devices-reordered');
});
