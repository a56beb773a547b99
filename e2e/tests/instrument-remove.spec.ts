// An administrator takes an instrument out of the workspace: a simulated instrument of its own (a serial
// number no other test uses, so the demo instruments the other specs drive stay) connects over the device
// link, is claimed through "Add instrument", then removed on its page after the confirmation. It is gone
// from the instruments list and the audit trail holds "Removed Instrument" with its serial number.
import { DeviceClient, websocketConnector } from '@eluent/simulator';
import { expect, test } from './fixtures.ts';
import { DEMO, shot, signInThroughPage } from './helpers.ts';

test('an administrator removes a claimed instrument: gone from the list, removal in the audit trail', async ({
  page,
  baseURL,
}, testInfo) => {
  const serial = `ELU-RM-${Date.now()}`;
  const pairingCode = 'REMOVE-ME-0001';
  const instrument = new DeviceClient({
    connect: websocketConnector(baseURL!),
    serialNumber: serial,
    pairingCode,
    speed: 50,
  });
  instrument.start();
  try {
    // Registered by its first hello: online and unowned until claimed.
    await expect.poll(() => instrument.connected).toBe(true);
    await page.goto('/auth/login/');
    await signInThroughPage(page);
    await expect(page).toHaveURL(/\/app\/devices\/$/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const before = await cards.count();

    await page.getByRole('button', { name: 'Add instrument' }).click();
    const claim = page.getByRole('dialog', { name: 'Add instrument' });
    await claim.getByLabel('Serial number').fill(serial);
    await claim.getByLabel('Pairing code').fill(pairingCode);
    await claim.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(claim).toHaveCount(0);
    const card = cards.filter({ hasText: serial });
    await expect(card).toBeVisible();
    await expect(cards).toHaveCount(before + 1);
    const name = (await card.getAttribute('aria-label')) ?? '';
    expect(name).not.toBe('');

    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/app\/devices\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.getByRole('button', { name: 'Remove from workspace' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name}?` });
    await expect(confirm).toContainText('Its injections and measurements stay.');
    // "Keep it" changes nothing.
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.getByRole('button', { name: 'Remove from workspace' }).click();
    await shot(page, testInfo, 'instrument-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();

    await expect(page).toHaveURL(/\/app\/devices\/$/);
    await expect(page.getByText(`${name} was removed from the workspace.`)).toBeVisible();
    await expect(cards).toHaveCount(before);
    await expect(cards.filter({ hasText: serial })).toHaveCount(0);
    await page.reload();
    await expect(cards).toHaveCount(before);
    await expect(cards.filter({ hasText: serial })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Cabinet' }).getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Audit filters' });
    await filters.getByLabel('Object').selectOption({ label: 'Instrument' });
    await filters.getByLabel('Action').selectOption({ label: 'Removed' });
    await filters.getByLabel('Text').fill(serial);
    await filters.getByRole('button', { name: 'Filter' }).click();
    const found = page.getByRole('table', { name: 'Audit trail entries' }).locator('tbody tr');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('Removed Instrument');
    await expect(found).toContainText(serial);
    await expect(found).toContainText(DEMO.email);
    await shot(page, testInfo, 'instrument-removed-audit');
  } finally {
    await instrument.stop();
  }
});
