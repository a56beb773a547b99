// An instrument's readiness on its card and its page: equilibrating (Inject disabled, with the reason),
// then ready once the equilibration is stopped (Inject enabled again).
import { expect, scaled, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { api, demoToken, idleInstrument } from './share-data.ts';

test('the card and the page say equilibrating, and Inject waits for ready', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(120_000));
  const token = await demoToken(request);
  const { device } = await idleInstrument(request, token);
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  // 100 column volumes: many simulated minutes, so it is still equilibrating while the test reads it.
  await api(request, token, 'POST', `/api/devices/${device.id}/equilibrate/`, { column_volumes: 100 });
  try {
    const card = page.locator(`article.device-card:has(a[href="/app/devices/${device.id}/"])`);
    await expect(card.getByRole('status')).toContainText('Idle · Equilibrating', { timeout: scaled(20_000) });
    await expect(card.getByRole('status')).toContainText('min left');
    await shot(page, testInfo, 'card-equilibrating');

    await page.goto(`/app/devices/${device.id}/`);
    await expect(page.getByRole('status', { name: 'Readiness' })).toContainText('Equilibrating');
    const injection = page.getByRole('form', { name: 'Single injection' });
    await expect(injection.getByRole('button', { name: 'Inject' })).toBeDisabled();
    await expect(injection.getByRole('note')).toContainText('The instrument is not ready: Equilibrating');
    // The run controls stay off too: nothing runs.
    await expect(
      page.getByRole('group', { name: 'Run controls' }).getByRole('button', { name: 'Stop' }),
    ).toBeDisabled();
  } finally {
    // Stop between runs ends the equilibration; the pump stays on.
    await api(request, token, 'POST', `/api/devices/${device.id}/stop/`);
  }
  await expect(page.getByRole('status', { name: 'Readiness' })).toHaveText('Ready', {
    timeout: scaled(20_000),
  });
  await expect(
    page.getByRole('form', { name: 'Single injection' }).getByRole('button', { name: 'Inject' }),
  ).toBeEnabled();
  await page.goto('/app/devices/');
  const card = page.locator(`article.device-card:has(a[href="/app/devices/${device.id}/"])`);
  await expect(card.getByRole('status')).toHaveText('Idle · Ready');
});
