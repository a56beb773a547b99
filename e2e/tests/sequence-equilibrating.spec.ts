// Start on an instrument that is equilibrating: refused with the catalogue's words (an equilibration is
// never cut short by a run, as in a lab's CDS), the sequence stays NEW; once the equilibration is stopped,
// Start runs.
import { expect, scaled, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { api, demoToken, idleInstrument } from './share-data.ts';
import { domainErrors } from '@eluent/contracts';

test('Start waits for an equilibrating instrument: refused with the reason, then runs', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(120_000));
  const token = await demoToken(request);
  const { device, methodId } = await idleInstrument(request, token);
  const stamp = Date.now();
  const common = { device_id: device.id, method_id: methodId, column_name: 'C18' };
  const sample = await api<{ id: number }>(request, token, 'POST', '/api/samples/', {
    ...common,
    name: `Equilibrating ${stamp}`,
  });
  const sequence = await api<{ id: number }>(request, token, 'POST', '/api/sequences/', {
    name: `Equilibrating ${stamp}`,
    device_id: device.id,
    method_id: methodId,
  });
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, {
    sample_id: sample.id,
    vial: 3,
  });
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  // 100 column volumes: many simulated minutes, so it is still equilibrating while the test reads it.
  await api(request, token, 'POST', `/api/devices/${device.id}/equilibrate/`, { column_volumes: 100 });
  try {
    await page.goto('/app/devices/');
    const card = page.locator(`article.device-card:has(a[href="/app/devices/${device.id}/"])`);
    await expect(card.getByRole('status')).toContainText('Equilibrating', { timeout: scaled(20_000) });
    await page.goto(`/app/sequences/${sequence.id}`);
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText(domainErrors.sequence_device_equilibrating)).toBeVisible();
    await expect(page.locator('h1 [data-state]')).toHaveAttribute('data-state', 'NEW');
    await shot(page, testInfo, 'sequence-start-equilibrating');
  } finally {
    // Stop between runs ends the equilibration; the pump stays on.
    await api(request, token, 'POST', `/api/devices/${device.id}/stop/`);
  }
  await page.goto('/app/devices/');
  const card = page.locator(`article.device-card:has(a[href="/app/devices/${device.id}/"])`);
  await expect(card.getByRole('status')).toHaveText('Idle · Ready', { timeout: scaled(20_000) });
  await page.goto(`/app/sequences/${sequence.id}`);
  await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Start' }).click();
  await expect(page.locator('h1 [data-state]')).toHaveAttribute('data-state', 'RUNNING');
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/stop/`);
});
