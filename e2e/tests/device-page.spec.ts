import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

test('An instrument page shows live pressure and scans Wi-Fi; a wrong pairing code shows the server message', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/app\/devices\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // Telemetry arrives over `devices:{id}`: the pressure number fills in and the chart draws.
  await expect(page.getByTestId('live-pressure')).toHaveText(/\d+ bar/);
  await expect(page.getByRole('img', { name: 'Pressure chart' }).locator('canvas')).toBeVisible();

  await page.getByRole('button', { name: 'Scan networks' }).click();
  await expect(
    page.getByRole('list', { name: 'Wi-Fi networks' }).getByRole('listitem').first(),
  ).toBeVisible();
  await shot(page, testInfo, 'device-page');

  await page.getByRole('link', { name: 'Instruments' }).first().click();
  await page.getByRole('button', { name: 'Add instrument' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add instrument' });
  const serial =
    (await page.getByRole('article').first().locator('.device-card__serial').textContent()) ?? '';
  await dialog.getByLabel('Serial number').fill(serial.replace('S/N ', ''));
  await dialog.getByLabel('Pairing code').fill('wrong-code-0000');

  const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
  const answer = await page.request.post('/api/devices/claim/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { serial_number: serial.replace('S/N ', ''), pairing_code: 'wrong-code-0000' },
  });
  const detail = ((await answer.json()) as { detail: string }).detail;

  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(detail);
  await shot(page, testInfo, 'device-claim-wrong-code');
});
