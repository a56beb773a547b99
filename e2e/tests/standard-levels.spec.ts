// Standards entered once, as an analyst sees it: the template's component table holds the levels' amounts;
// a standard's row of the sequence table chooses its level and shows what it reads from there, read-only,
// with a link to the component table. A sample's row has no level to choose.
import { randomUUID } from 'node:crypto';
import { domainErrors } from '@eluent/contracts';
import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { api, demoToken, graphql, idleInstrument } from './share-data.ts';

for (const width of [1366, 375]) {
  test(`at ${width} px: a standard's row reads its amounts from a level of the component table`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const token = await demoToken(request);
    const { device, methodId } = await idleInstrument(request, token);
    const stamp = `${Date.now()}-${width}`;
    const templateUuid = randomUUID();
    await graphql(
      request,
      token,
      'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
      { o: { uuid: templateUuid, name: `Levels ${stamp}` } },
    );
    await api(request, token, 'PUT', `/api/templates/${templateUuid}/components/`, {
      components: [
        { name: 'caffeine', expected_retention_time_sec: 332, amount_unit: 'µg/mL', levels: [25, 100] },
        { name: 'theobromine', expected_retention_time_sec: 200, amount_unit: 'µg/mL', levels: [5] },
      ],
    });
    const common = { device_id: device.id, method_id: methodId, column_name: 'C18' };
    // A standard entered by name only: its amounts come from the table.
    const standard = await api<{ id: number }>(request, token, 'POST', '/api/standards/', {
      ...common,
      name: `Caffeine stock ${stamp}`,
    });
    const sample = await api<{ id: number }>(request, token, 'POST', '/api/samples/', {
      ...common,
      name: `Drink ${stamp}`,
    });
    const sequence = await api<{ id: number }>(request, token, 'POST', '/api/sequences/', {
      name: `Levels ${stamp}`,
      device_id: device.id,
      method_id: methodId,
      template_uuid: templateUuid,
    });
    const rows = [
      { sample_id: standard.id, vial: 3, calibration_level: 1 },
      { sample_id: standard.id, vial: 5, calibration_level: 2 },
      { sample_id: sample.id, vial: 7, calibration_level: null },
    ];
    for (const row of rows) await api(request, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, row);

    await page.goto(`/app/sequences/${sequence.id}`);
    await signInThroughPage(page);
    const table = page.getByRole('region', { name: 'Sequence table' });
    await expect(table.getByLabel('Row 1 calibration level')).toHaveValue('1');
    await expect(table.getByLabel('Row 1 amounts')).toHaveText(
      'caffeine 25 µg/mL · theobromine 5 µg/mL component table',
    );
    await expect(table.getByLabel('Row 2 amounts')).toHaveText('caffeine 100 µg/mL component table');
    await expect(table.getByLabel('Row 3 calibration level')).toHaveCount(0);
    // The stock has no amounts of its own: "Own amounts" is refused with the reason and the row keeps its level.
    await table.getByLabel('Row 2 calibration level').selectOption('');
    await expect(page.getByText(domainErrors.draft_cannot_be_enabled)).toBeVisible();
    await expect(table.getByLabel('Row 2 calibration level')).toHaveValue('2');
    await expect(table.getByLabel('Row 2 amounts')).toContainText('caffeine 100 µg/mL');
    await shot(page, testInfo, `standard-levels-${width}`);
    // The link opens the component table the amounts live in.
    await table.getByLabel('Row 2 amounts').getByRole('link', { name: 'component table' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/templates/${templateUuid}$`));
    await expect(
      page.getByRole('region', { name: 'Components' }).getByLabel('Component 1 levels'),
    ).toHaveValue('25, 100');
  });
}
