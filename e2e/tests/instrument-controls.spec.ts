// The instrument page at 1366 px and 375 px against the real server and its simulated instruments: the pump
// switched off and on, a flow beyond the pump's limit refused with the catalogue message and a flow within
// it held, a rename, and a single injection of a stored method on a vial with a sample, whose chromatogram
// is drawn on its run-time axis (minutes from the injection) with the sample named, and processed when it
// arrives: its chromatogram page, opened while it records, shows its peaks with nothing pressed. No sideways
// scroll.
import { domainErrorText } from '@eluent/contracts';
import { expect, scaled, test, type Page } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';

async function noSidewaysScroll(page: Page) {
  // Read until the layout has settled (a toast sliding in, a plot resizing): docs/testing.md.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

for (const [index, width] of [1366, 375].entries()) {
  test(`instrument page at ${width} px: pump, flow limit, rename, single injection on a run-time axis`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(scaled(120_000));
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/auth/login/');
    await signInThroughPage(page);
    await expect(page).toHaveURL(/\/app\/devices\/$/);
    const card = page.getByRole('article').nth(index);
    const name = (await card.getAttribute('aria-label')) ?? '';
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/app\/devices\/\d+\/$/);
    const deviceId = Number(/devices\/(\d+)\//.exec(page.url())![1]);
    await expect(page.getByTestId('live-pressure')).toHaveText(/\d+ bar/);
    await noSidewaysScroll(page);

    // Pump off: the flow stops and the pressure falls; on again.
    const pump = page.getByRole('status', { name: 'Pump' });
    await expect(pump).toContainText('Pump on');
    const controls = page.getByRole('group', { name: 'Pump controls' });
    await controls.getByRole('button', { name: 'Pump off' }).click();
    await expect(pump).toContainText('Pump off');
    await expect(page.getByTestId('live-pressure')).toHaveText(/^[0-9] bar$/, { timeout: scaled(20_000) });
    await controls.getByRole('button', { name: 'Pump on' }).click();
    await expect(pump).toContainText('Pump on');

    // Beyond the pump's 10 mL/min: the catalogue message under the field, nothing sent.
    const setpoints = page.getByRole('form', { name: 'Setpoints' });
    const flow = setpoints.getByLabel('Flow, mL/min');
    await flow.fill('12');
    const refusal = domainErrorText('device_flow_above_limit', { max: 10 });
    await expect(setpoints.getByRole('alert')).toHaveText(refusal);
    await setpoints.getByRole('button', { name: 'Set' }).click();
    await expect(pump).toContainText('holds 1 mL/min');
    await flow.fill('1.2');
    await expect(setpoints.getByRole('alert')).toHaveCount(0);
    await setpoints.getByRole('button', { name: 'Set' }).click();
    await expect(pump).toContainText('holds 1.2 mL/min');
    await shot(page, testInfo, `instrument-controls-${width}`);

    // Rename: the heading follows.
    const newName = `Bench ${width}`;
    const rename = page.getByRole('form', { name: 'Rename' });
    await rename.getByLabel('Instrument name').fill(newName);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
    // And back: the worker's other tests read the demo instruments by their names.
    await rename.getByLabel('Instrument name').fill(name);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // A sample to inject, prepared for this instrument with the example method.
    const injection = page.getByRole('form', { name: 'Single injection' });
    const method = injection.getByLabel('Method');
    const option = method.locator('option', { hasText: 'Example: isocratic C18' });
    const methodId = Number(await option.getAttribute('value'));
    const token = await page.evaluate(() => localStorage.getItem('eluent:accessToken'));
    const sampleName = `Energy drink ${width}`;
    const created = await page.request.post('/api/samples/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: sampleName, device_id: deviceId, method_id: methodId, column_name: 'C18' },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await method.selectOption({ label: 'Example: isocratic C18, 60 % acetonitrile' });
    await injection.getByLabel('Vial').fill('7');
    await injection.getByLabel('Sample').selectOption({ label: sampleName });
    await injection.getByRole('button', { name: 'Inject' }).click();

    // What runs is named; its chromatogram grows on the run-time axis, in minutes from the injection.
    const running = page.getByRole('status', { name: 'Running on this instrument' });
    await expect(running).toContainText(`Single injection: sample ${sampleName}`);
    await expect(running).toContainText('vial 7');
    await expect(running).toContainText('method Example: isocratic C18');
    await expect(page.getByTestId('running-sample')).toHaveText(sampleName);
    const plot = page.locator('.live-plot');
    await expect.poll(async () => Number(await plot.getAttribute('data-live-points'))).toBeGreaterThan(100);
    const figure = page.getByRole('figure', { name: 'Running injection' });
    await expect(figure.locator('canvas').first()).toBeVisible();
    await expect(figure).toHaveAttribute('data-x-max', /\d/);
    const xMin = Number(await figure.getAttribute('data-x-min'));
    const xMax = Number(await figure.getAttribute('data-x-max'));
    expect(xMin).toBeGreaterThanOrEqual(0);
    expect(xMin).toBeLessThan(0.5);
    expect(xMax).toBeGreaterThan(xMin);
    expect(xMax).toBeLessThanOrEqual(10.5);
    await noSidewaysScroll(page);
    await shot(page, testInfo, `instrument-injection-${width}`);

    // Its chromatogram opened while it records (the run may end first on a loaded machine).
    const measurementLink = page.locator('.live-plot').getByRole('link', { name: /measurement #\d+/ });
    const chromatogram = await page.context().newPage();
    await chromatogram.setViewportSize({ width, height: 900 });
    await chromatogram.goto((await measurementLink.getAttribute('href')) ?? '');
    const peakTable = chromatogram.getByRole('region', { name: 'Peak table' });

    // The run ends: the last injection stays drawn and the instrument is idle again.
    await expect(page.getByRole('status', { name: 'Instrument state' })).toHaveText('idle', {
      timeout: scaled(60_000),
    });
    await expect(page.getByText('Last injection')).toBeVisible();
    await expect(page.getByTestId('running-sample')).toHaveText(sampleName);
    await noSidewaysScroll(page);

    // Processed on arrival with the automatic default: the open page shows its peaks, nothing pressed.
    await expect(peakTable.getByRole('table', { name: 'Peaks' }).locator('tbody tr').first()).toBeVisible({
      timeout: scaled(30_000),
    });
    await noSidewaysScroll(chromatogram);
    await chromatogram.close();
  });
}
