// Assay-grade results in the browser: standards typed with a wrong expected retention time say which
// component they miss; "update retention times from this standard" and a reprocess calibrate, with the curve
// and its residuals drawn; the template's component table is edited and checked; one measurement is
// reprocessed from the viewer with another template and an earlier version made current again; a selection of
// chromatograms is reprocessed together.
import { randomUUID } from 'node:crypto';
import { expect, scaled, test, type APIRequestContext } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { caffeineAssaySamples } from './assay-data.ts';
import { api, demoToken, graphql, idleInstrument } from './share-data.ts';

interface AssayRun {
  sequenceId: number;
  templateUuid: string;
  templateName: string;
  sampleMeasurementId: number;
  standardMeasurementId: number;
}

/** Two caffeine standards typed at 0.30 min (nowhere near caffeine) and a sample, run to the end. */
async function runWrongTimeAssay(
  request: APIRequestContext,
  token: string,
  stamp: number,
): Promise<AssayRun> {
  const { device, methodId } = await idleInstrument(request, token);
  const templateUuid = randomUUID();
  const templateName = `Assay ${stamp}`;
  await graphql(
    request,
    token,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    { o: { uuid: templateUuid, name: templateName, params_pdet: { peak_detection_min_prominence: 5 } } },
  );
  const common = { device_id: device.id, method_id: methodId, column_name: 'C18' };
  const { low, high, drink: sample } = await caffeineAssaySamples(request, token, common, stamp);
  const sequence = await api<{ id: number }>(request, token, 'POST', '/api/sequences/', {
    name: `Assay run ${stamp}`,
    device_id: device.id,
    method_id: methodId,
    template_uuid: templateUuid,
  });
  for (const [sampleId, vial, injections] of [
    [low.id, 3, 1],
    [high.id, 5, 1],
    [sample.id, 7, 2],
  ] as const)
    await api(request, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, {
      sample_id: sampleId,
      vial,
      injections_count: injections,
    });
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/start/`);
  await expect
    .poll(
      async () =>
        (await api<{ state: string }>(request, token, 'GET', `/api/sequences/${sequence.id}/`)).state,
      {
        timeout: scaled(150_000),
      },
    )
    .toBe('FINISHED');
  const results = await api<{ injections: Array<{ measurement_id: number; sample: { id: number } }> }>(
    request,
    token,
    'GET',
    `/api/sequences/${sequence.id}/results/`,
  );
  const sampleMeasurementId = results.injections.find((i) => i.sample.id === sample.id)!.measurement_id;
  const standardMeasurementId = results.injections.find((i) => i.sample.id === low.id)!.measurement_id;
  return { sequenceId: sequence.id, templateUuid, templateName, sampleMeasurementId, standardMeasurementId };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/app/sequences/');
  await signInThroughPage(page);
  await expect(page.getByRole('heading', { name: 'Sequences', exact: true })).toBeVisible();
});

test('assay: a standard off its retention time says why, its times are updated, the reprocess calibrates, the viewer reprocesses one measurement and the list a selection', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(360_000));
  const stamp = Date.now();
  const token = await demoToken(request);
  const run = await runWrongTimeAssay(request, token, stamp);

  // The sequence's calibration names the component, where it was expected and the nearest peak.
  await page.goto(`/app/sequences/${run.sequenceId}`);
  const calibration = page.getByRole('article', { name: 'Calibration caffeine' });
  await expect(calibration.getByRole('note')).toContainText(
    /^Component not found in the standard\. caffeine: no peak in Caffeine (25|100) \d+ within 0\.30 ± 0\.05 min \(nearest peak at \d+\.\d\d min\)\.$/,
  );
  await expect(page.getByText('No calibration yet')).toHaveCount(0);
  const rows = page
    .getByRole('table', { name: 'Injection results' })
    .locator('tbody > tr[data-injection-id]');
  await expect(rows.nth(0).getByRole('note')).toContainText('caffeine: no peak in Caffeine 25');
  await shot(page, testInfo, 'assay-component-not-found');

  // Update retention times from the first standard, then reprocess the whole sequence.
  const firstInjection = await rows.nth(0).getAttribute('data-injection-id');
  await page.getByRole('button', { name: `Update retention times from injection ${firstInjection}` }).click();
  await expect(page.getByText('Retention times updated: caffeine. Reprocess to apply them.')).toBeVisible();
  const reprocess = page.getByRole('region', { name: 'Reprocess' });
  await reprocess.getByLabel('Template').selectOption({ label: run.templateName });
  await reprocess.getByRole('button', { name: /Reprocess all injections/ }).click();
  await expect(calibration.getByRole('note')).toHaveCount(0, { timeout: scaled(60_000) });
  await expect(calibration).toContainText('Linear, weighting 1');
  await expect(
    calibration.getByRole('figure', { name: 'Calibration curve of caffeine' }).locator('canvas').first(),
  ).toBeVisible();
  await expect(calibration.getByLabel('Residuals of caffeine').locator('canvas')).toBeVisible();
  await expect(rows.nth(2).locator('.results-table__amounts')).toContainText(/caffeine \d+\.\d{3} µg\/mL/);
  // The drink was injected twice: its mean, SD and %RSD.
  const replicates = page.getByRole('table', { name: 'Replicate statistics' });
  await expect(replicates.locator('tbody tr')).toHaveCount(1);
  await expect(replicates.locator('tbody tr td').nth(0)).toHaveText(`Drink ${stamp}`);
  await expect(replicates.locator('tbody tr td').nth(2)).toHaveText('2 of 2');
  await expect(replicates.locator('tbody tr td').nth(5)).toHaveText(/^\d+\.\d\d$/);
  await shot(page, testInfo, 'assay-calibrated');

  // The component table: the updated time is there; a duplicate name is refused on its field; a change saves.
  await page.goto(`/app/templates/${run.templateUuid}`);
  // The live preview above grows the page when its chromatogram is processed: wait for it, so no click lands
  // on a moving button.
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(
    preview.getByRole('table', { name: 'Preview peaks' }).locator('tbody tr').first(),
  ).toBeVisible();
  const components = page.getByRole('region', { name: 'Components' });
  await expect(components.getByLabel('Component 1 name')).toHaveValue('caffeine');
  await expect(components.getByLabel('Component 1 retention time')).not.toHaveValue('0.3');
  await components.getByRole('button', { name: 'Add component' }).click();
  await expect(components.getByRole('textbox', { name: 'Component 2 name' })).toBeVisible();
  await components.getByLabel('Component 2 name').fill('Caffeine');
  await components.getByLabel('Component 2 retention time').fill('1.5');
  await components.getByRole('button', { name: 'Save components' }).click();
  await expect(components.getByRole('textbox', { name: 'Component 2 name' })).toHaveAccessibleDescription(
    'Names must be unique',
  );
  await expect(components.getByRole('alert')).toHaveText('Names must be unique');
  await components.getByLabel('Component 2 name').fill('Theobromine');
  await components.getByLabel('Component 1 model').selectOption({ label: 'Quadratic' });
  await components.getByLabel('Component 1 weighting').selectOption({ label: '1/x²' });
  await components.getByRole('button', { name: 'Save components' }).click();
  await expect(page.getByText('Components saved')).toBeVisible();
  await page.reload();
  await expect(components.getByLabel('Component 2 name')).toHaveValue('Theobromine');
  await expect(components.getByLabel('Component 1 model')).toHaveValue('quadratic');
  await expect(components.getByLabel('Component 1 weighting')).toHaveValue('1/x2');
  await shot(page, testInfo, 'assay-components');

  // One measurement reprocessed from the viewer with another template: a new version, current; v1 stays.
  await page.goto(`/app/chromatograms/${run.sampleMeasurementId}`);
  const processing = page.getByRole('region', { name: 'Processing' });
  const versions = processing.getByRole('table', { name: 'Result versions' }).locator('tbody > tr');
  // v1 from the run, v2 from the sequence's reprocess.
  await expect(versions).toHaveCount(2);
  const before = 2;
  await processing.getByLabel('Template').selectOption({ label: 'Default processing' });
  await processing.getByRole('button', { name: 'Reprocess' }).click();
  await expect(processing.getByRole('status')).toContainText('Finished · 1/1', { timeout: scaled(60_000) });
  await expect(versions).toHaveCount(before + 1);
  await expect(versions.first()).toContainText(`v${before + 1}`);
  await expect(versions.first().locator('td').nth(2)).toHaveText('Default');
  await expect(versions.first()).toHaveAttribute('aria-current', 'true');
  await processing.getByRole('button', { name: 'Make v1 current' }).click();
  await expect(versions.last()).toHaveAttribute('aria-current', 'true');
  await expect(versions.last()).toContainText(run.templateName);
  await shot(page, testInfo, 'assay-viewer-versions');

  // A selection (the ticked chromatograms) reprocessed together: one job, a new version for each. Asked with a
  // token taken now, once (sign-ins are throttled): the one of the test's start lives 5 minutes, which a slow
  // machine spends getting here.
  const freshToken = await demoToken(request);
  const versionCount = async (measurementId: number) =>
    (
      await api<{ results: unknown[] }>(
        request,
        freshToken,
        'GET',
        `/api/measurements/${measurementId}/results/`,
      )
    ).results.length;
  const counts = [await versionCount(run.sampleMeasurementId), await versionCount(run.standardMeasurementId)];
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.goto(`/app/chromatograms/${run.standardMeasurementId}`);
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.goto('/app/chromatograms/');
  const selection = page.getByRole('region', { name: 'Reprocess selected' });
  await selection.getByLabel('Template for the 2 selected').selectOption({ label: run.templateName });
  await selection.getByRole('button', { name: 'Reprocess 2 selected' }).click();
  await expect(selection.getByRole('status')).toContainText('Finished · 2/2', { timeout: scaled(60_000) });
  expect([
    await versionCount(run.sampleMeasurementId),
    await versionCount(run.standardMeasurementId),
  ]).toEqual([counts[0]! + 1, counts[1]! + 1]);
});
