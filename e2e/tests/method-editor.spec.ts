// The method editor as a chromatographer uses it, at 1366 px and 375 px: a gradient table whose plot follows
// every edit, solvents and the detector channel as fields, one unit per quantity, and the simulated
// instrument's limits (pump ≤ 10 mL/min, oven 5–80 °C, injector ≤ 100 µL) refusing values field by field
// before anything is saved.
import { expect, test, type Page } from './fixtures.ts';
import { expectNoSidewaysScroll, shot, signInThroughPage } from './helpers.ts';

/** The error line of the field labelled `label` (the form's `field` block). */
function fieldError(page: Page, label: string) {
  return page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');
}

for (const width of [1366, 375]) {
  test(`method editor at ${width} px: gradient table and plot, instrument limits, save`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/app/methods/new');
    await signInThroughPage(page);
    await expect(page.getByRole('heading', { name: 'New method' })).toBeVisible();

    // Written for the first simulated instrument, whose limits are named under the choice.
    const instrument = page.getByLabel('Instrument', { exact: true });
    await expect(instrument).toHaveValue(/^\d+$/);
    await expect(
      page.getByText(/Limits: flow rate at most 10 mL\/min · minimum pressure at most 400 bar/),
    ).toBeVisible();

    await expect(page.getByLabel('Flow rate, mL/min', { exact: true })).toHaveAttribute(
      'placeholder',
      'at most 10 mL/min',
    );
    await expect(page.getByLabel('Column temperature, °C', { exact: true })).toHaveAttribute(
      'placeholder',
      '5–80 °C',
    );

    // One unit per quantity, and no JSON for gradient, solvents or hardware.
    await expect(page.getByLabel('Run time, min', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Run time, ms')).toHaveCount(0);
    await expect(page.getByLabel('Injection time, s', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Injection time, ms')).toHaveCount(0);
    await expect(page.getByLabel('Gradient', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Hardware configuration', { exact: true })).toHaveCount(0);

    // The gradient table: each edit redraws the plot.
    const plot = page.getByRole('img', { name: 'Gradient, %B over time' });
    const line = plot.locator('polyline');
    const caption = page.locator('.gradient-chart figcaption');
    await expect(caption).toHaveText('0 min: 50 %B');
    const isocratic = await line.getAttribute('points');
    await page.getByLabel('Run time, min', { exact: true }).fill('15');
    await page.getByLabel('%B of step 1').fill('5');
    await expect(caption).toHaveText('0 min: 5 %B');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Time of step 2, min').fill('10');
    await page.getByLabel('%B of step 2').fill('95');
    await expect(caption).toHaveText('0 min: 5 %B · 10 min: 95 %B');
    await page.getByRole('button', { name: 'Add step' }).click();
    await expect(page.getByLabel('Time of step 3, min')).toHaveValue('15');
    await expect(page.getByLabel('%B of step 3')).toHaveValue('95');
    await expect(caption).toHaveText('0 min: 5 %B · 10 min: 95 %B · 15 min: 95 %B');
    expect(await line.getAttribute('points')).not.toBe(isocratic);
    await expect(plot.locator('circle')).toHaveCount(3);
    // %A follows %B; a step before its predecessor is refused in its cell and left out of the plot.
    await expect(page.locator('.gradient-table__a').first()).toHaveText('95');
    await page.getByLabel('Time of step 3, min').fill('8');
    await expect(page.getByText('Must be higher than 10')).toBeVisible();
    await expect(caption).toHaveText('0 min: 5 %B · 10 min: 95 %B');
    await page.getByLabel('Time of step 3, min').fill('20');
    await expect(page.getByText('Must be lower than 15')).toBeVisible();
    await page.getByRole('button', { name: 'Remove step 3' }).click();
    await expect(caption).toHaveText('0 min: 5 %B · 10 min: 95 %B');
    await expect(plot.locator('circle')).toHaveCount(2);

    // Values beyond the instrument's parts are refused as typed, each in its own field.
    const name = `Gradient ${width} ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Flow rate, mL/min', { exact: true }).fill('50');
    await page.getByLabel('Column temperature, °C', { exact: true }).fill('250');
    await page.getByLabel('Injection volume, µL', { exact: true }).fill('5000');
    await expect(fieldError(page, 'Flow rate, mL/min')).toHaveText(
      'At most 10 mL/min, the limit of the instrument’s pump.',
    );
    await expect(fieldError(page, 'Column temperature, °C')).toHaveText(
      'At most 80 °C, the limit of the instrument’s column oven.',
    );
    await expect(fieldError(page, 'Injection volume, µL')).toHaveText(
      'At most 100 µL, the limit of the instrument’s injector.',
    );
    await expect(page.getByLabel('Flow rate, mL/min', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await shot(page, testInfo, `method-editor-limits-${width}`);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Create method' }).click();
    await expect(page.getByRole('heading', { name: 'New method' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/methods\/new$/);

    // Within the limits, with solvents and the detector channel, the method saves.
    await page.getByLabel('Flow rate, mL/min', { exact: true }).fill('1');
    await page.getByLabel('Column temperature, °C', { exact: true }).fill('30');
    await page.getByLabel('Injection volume, µL', { exact: true }).fill('10');
    await expect(fieldError(page, 'Flow rate, mL/min')).toHaveText('');
    await page.getByLabel('Solvent A', { exact: true }).fill('Water + 0.1 % formic acid');
    await page.getByLabel('Solvent B', { exact: true }).fill('Acetonitrile');
    await page.getByLabel('Wavelength, nm', { exact: true }).fill('900');
    await expect(fieldError(page, 'Wavelength, nm')).toHaveText(
      'At most 800 nm, the limit of the instrument’s detector.',
    );
    await page.getByLabel('Wavelength, nm', { exact: true }).fill('273');
    await page.getByLabel('Bandwidth, nm', { exact: true }).fill('4');
    // What a sequence does with an interrupted injection: pause unless chosen otherwise, said under the field.
    const policy = page.getByLabel('When an injection is interrupted', { exact: true });
    await expect(policy).toHaveValue('pause');
    await expect(page.getByText(/^An injection is interrupted when its instrument is lost/)).toBeVisible();
    await policy.selectOption({ label: 'Skip to the next row' });
    await page.getByRole('button', { name: 'Create method' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const pump = page.getByRole('region', { name: 'Pump and gradient' });
    await expect(pump.getByText('1 mL/min')).toBeVisible();
    await expect(pump.getByText('Water + 0.1 % formic acid')).toBeVisible();
    await expect(pump.getByText('15 min', { exact: true })).toBeVisible();
    await expect(page.locator('.gradient-chart figcaption')).toHaveText('0 min: 5 %B · 10 min: 95 %B');
    await expect(page.getByRole('region', { name: 'Column oven' }).getByText('30 °C')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Injection' }).getByText('10 µL')).toBeVisible();
    const detector = page.getByRole('region', { name: 'Detector channel' });
    await expect(detector.getByText('273 nm')).toBeVisible();
    await expect(detector.getByText('4 nm')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'In a sequence' }).getByText('Skip to the next row'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instrument' })).toContainText(
      'Eluent QP-400 quaternary pump',
    );
    await shot(page, testInfo, `method-editor-saved-${width}`);
    await expectNoSidewaysScroll(page);
  });
}
