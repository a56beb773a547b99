// A replicate stopped on the instrument is not lost silently: a standard planned four times, its first
// injection stopped on the instrument (the call its page's Stop sends, made as soon as the run records, so a
// busy machine cannot let it finish first), the operator chooses "Continue with the next row" on the
// sequence page; when the run ends the system-suitability table says 3 of 4 standard injections and
// Incomplete, never Pass.
import { randomUUID } from 'node:crypto';
import { expect, scaled, test } from './fixtures.ts';
import { expectNoSidewaysScroll, shot, signInThroughPage } from './helpers.ts';
import { api, demoToken, graphql, idleInstrument } from './share-data.ts';

test('a standard stopped on the instrument and skipped reads n 3 of 4 and Incomplete', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(300_000));
  const token = await demoToken(request);
  const { device, methodId } = await idleInstrument(request, token);
  const stamp = Date.now();
  const templateUuid = randomUUID();
  await graphql(
    request,
    token,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    {
      o: {
        uuid: templateUuid,
        name: `Replicates ${stamp}`,
        params_pdet: { peak_detection_min_prominence: 2 },
      },
    },
  );
  // Wide limits: only the missing replicate can keep the verdict from passing.
  await api(request, token, 'PUT', `/api/templates/${templateUuid}/components/`, {
    components: [
      {
        name: 'caffeine',
        expected_retention_time_sec: 104,
        window_sec: 30,
        suitability: { plates_min: 100, area_rsd_max_percent: 50 },
      },
    ],
  });
  const common = { device_id: device.id, method_id: methodId, column_name: 'C18' };
  const standardName = `Caffeine 25 ${stamp}`;
  const standard = await api<{ id: number }>(request, token, 'POST', '/api/standards/', {
    ...common,
    name: standardName,
    analytes: [
      { analyte: 'caffeine', amount: 25, amount_unit: 'µg/mL', retention_time_sec: 104, window_sec: 30 },
    ],
  });
  const sequence = await api<{ id: number }>(request, token, 'POST', '/api/sequences/', {
    name: `Four replicates ${stamp}`,
    device_id: device.id,
    method_id: methodId,
    template_uuid: templateUuid,
  });
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, {
    sample_id: standard.id,
    vial: 3,
    injections_count: 4,
  });
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/start/`);

  // Stop on the instrument while the first injection records.
  await expect
    .poll(
      async () => (await api<{ state: string }>(request, token, 'GET', `/api/devices/${device.id}/`)).state,
      { timeout: scaled(60_000), intervals: [100] },
    )
    .toBe('running');
  await api(request, token, 'POST', `/api/devices/${device.id}/stop/`);

  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  // The sequence waits on the stopped injection; the operator goes on without it.
  await page.goto(`/app/sequences/${sequence.id}/`);
  const next = page.getByRole('button', { name: 'Continue with the next row' });
  await expect(next).toBeVisible({ timeout: scaled(60_000) });
  // The instrument takes the next run once it is idle again.
  await expect
    .poll(
      async () =>
        (
          await graphql<{ devices: { id: number; state: string }[] }>(
            request,
            token,
            '{ devices(order_by: {id: desc}) { id state } }',
          )
        ).devices.find((candidate) => candidate.id === device.id)?.state,
      { timeout: scaled(60_000) },
    )
    .toBe('idle');
  await next.click();
  await expect
    .poll(
      async () =>
        (await api<{ state: string }>(request, token, 'GET', `/api/sequences/${sequence.id}/`)).state,
      { timeout: scaled(200_000) },
    )
    .toBe('FINISHED');

  await page.reload();
  const verdicts = page.getByRole('table', { name: 'System suitability verdicts' });
  const line = verdicts.getByRole('row', { name: /caffeine/ });
  await expect(line).toContainText('3 of 4');
  await expect(line).toContainText(`${standardName} (n = 3 of 4)`);
  await expect(line).toContainText('Incomplete');
  await expect(line).not.toContainText('Pass');
  await shot(page, testInfo, 'incomplete-replicates');

  // At 375 px the same verdict reads on the phone, the page no wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await line.scrollIntoViewIfNeeded();
  await expect(line).toBeVisible();
  await expect(line).toContainText(`${standardName} (n = 3 of 4)`);
  await expect(line).toContainText('Incomplete');
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'incomplete-replicates-375');
});
