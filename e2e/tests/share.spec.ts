import { expect, scaled, test } from './fixtures.ts';
import { shot } from './helpers.ts';
import {
  api,
  createShareToken,
  demoToken,
  revokeShareToken,
  runSample,
  startSampleRun,
} from './share-data.ts';

test('shared view hash routes: reports and not-found', async ({ page }, testInfo) => {
  await page.goto('/share/#/samples/12/');
  await expect(page.getByRole('heading', { name: 'Incomplete link' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Eluent Cloud' })).toBeVisible();

  await page.goto('/share/#/reports/injection/');
  await expect(page.getByRole('heading', { name: 'Injection report' })).toBeVisible();
  await page.goto('/share/#/reports/sequence/');
  await expect(page.getByRole('heading', { name: 'Sequence report' })).toBeVisible();

  for (const hash of ['#/samples/abc/', '#/samples/1/injection/x/', '#/elsewhere/']) {
    await page.goto(`/share/${hash}`);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  }
  await shot(page, testInfo, 'share-not-found');
});

test('a shared sample opens in a fresh browser context; a revoked link shows only the error', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(scaled(150_000));
  const token = await demoToken(request);
  const run = await runSample(request, token, `Shared cola ${Date.now()}`);
  const share = await createShareToken(request, token, 'sample', run.sampleId);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/share/?token=${encodeURIComponent(share.token)}#/samples/${run.sampleId}/`);
  await expect(page.getByRole('heading', { name: `${run.sampleName} #${run.sampleId}` })).toBeVisible();
  const injection = page.getByRole('region', { name: `Injection #${run.injectionId}` });
  await expect(injection).toBeVisible();
  const peakRows = injection.locator('table.peak-table tbody tr');
  await expect(peakRows.first()).toBeVisible();
  expect(await peakRows.count()).toBeGreaterThan(0);
  await shot(page, testInfo, 'share-sample');

  await page.getByRole('link', { name: new RegExp(`Injection #${run.injectionId}`) }).click();
  await expect(page).toHaveURL(new RegExp(`#/samples/${run.sampleId}/injection/${run.injectionId}/$`));
  await expect(injection).toBeVisible();
  await page.goto(
    `/share/?token=${encodeURIComponent(share.token)}#/samples/${run.sampleId}/injection/999999/`,
  );
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await visitor.close();

  await revokeShareToken(request, token, share.id);
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(`/share/?token=${encodeURIComponent(share.token)}#/samples/${run.sampleId}/`);
  await expect(latePage.getByText('The shared link is not valid or has expired.')).toBeVisible();
  await expect(latePage.getByText(run.sampleName)).toHaveCount(0);
  await expect(latePage.locator('table')).toHaveCount(0);
  await shot(latePage, testInfo, 'share-revoked');
  await late.close();
});

interface StoredResult {
  id: number;
  figures: { detection?: { reportingThreshold?: { percent: number } } };
  peaks: { number: number; start_sec: number }[];
}

test('a peak under the reporting threshold is listed apart in the shared view and the printed report', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const token = await demoToken(request);
  // The default detection applies the reporting threshold (0.05 %), recorded with the result.
  const run = await runSample(request, token, `Shared trace ${Date.now()}`, 1, {});
  const { injections } = await api<{ injections: { result: StoredResult }[] }>(
    request,
    token,
    'GET',
    `/api/sequences/${run.sequenceId}/results/`,
  );
  const result = injections[0]!.result;
  expect(result.figures.detection?.reportingThreshold?.percent).toBe(0.05);
  // A peak integrated by hand on the flat baseline before the first peak: its area is a trace of the total.
  const first = Math.min(...result.peaks.map((peak) => peak.start_sec));
  await api(request, token, 'POST', `/api/results/${result.id}/integration/`, {
    operation: 'add',
    start_sec: first * 0.4,
    end_sec: first * 0.5,
    reason: 'Trace on the baseline',
  });
  const share = await createShareToken(request, token, 'sample', run.sampleId);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const link = `/share/?token=${encodeURIComponent(share.token)}`;

  await page.goto(`${link}#/samples/${run.sampleId}/`);
  const region = page.getByRole('region', { name: `Injection #${run.injectionId}` });
  const group = region.getByRole('button', {
    name: /^\d+ peaks? below the reporting threshold \(0\.05 %\)$/,
  });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(region.locator('tr[data-below]')).toHaveCount(0);
  await group.click();
  const below = region.locator('tr[data-below]');
  await expect(below.first()).toBeVisible();
  await expect(below.first().locator('td:nth-child(6)')).toHaveText('—');

  await page.goto(`${link}&id=${run.sampleId}&injection=${run.injectionId}#/reports/injection/`);
  const printed = page.getByRole('region', { name: `Injection #${run.injectionId}` });
  await expect(
    printed.getByRole('heading', { name: 'Below the reporting threshold (0.05 %)' }),
  ).toBeVisible();
  const table = printed.getByRole('table', { name: 'Below the reporting threshold (0.05 %)' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.locator('tbody tr td:nth-child(6)').first()).toHaveText('—');
  // The reported table lists none of them.
  await expect(printed.locator('table.peak-table').first().locator('tr[data-below]')).toHaveCount(0);
  await visitor.close();
});

test('the shared view does not mount without the icon font and says why', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(/\.woff2?$/, (route) => route.abort());
  await page.goto('/share/#/samples/12/');
  await expect
    .poll(() => errors)
    .toContain('Material Icons font is required for the application to work properly');
  await expect(page.locator('#root')).toBeEmpty();
});

/** The shared view's generic error (web/share/visitor.ts `GENERIC_ERROR_TEXT`). */
const GENERIC_ERROR_TEXT = 'Something went wrong. Try to refresh the page.';

test('the shared view shows nothing while it connects, then the generic error when the realtime connection fails', async ({
  page,
}, testInfo) => {
  let refuse: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => (refuse = resolve));
  let attempt: () => void = () => undefined;
  const attempted = new Promise<void>((resolve) => (attempt = resolve));
  // The page's socket stays connecting until the test refuses it: closed before it ever opened.
  await page.routeWebSocket(/\/realtime\/ws$/, async (socket) => {
    attempt();
    await refused;
    await socket.close({ code: 1011, reason: 'unavailable' });
  });
  await page.goto('/share/#/samples/12/');
  await attempted;
  await expect(page.locator('#root')).toBeEmpty();

  refuse();
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  await expect(page.getByText(GENERIC_ERROR_TEXT)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Eluent Cloud' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Incomplete link' })).toHaveCount(0);
  await shot(page, testInfo, 'share-startup-error');
});

test('a printable report opens no realtime connection; the other shared routes do', async ({
  page,
  context,
}) => {
  const sampleSockets: string[] = [];
  page.on('websocket', (socket) => sampleSockets.push(socket.url()));
  await page.goto('/share/#/samples/12/');
  await expect(page.getByRole('heading', { name: 'Incomplete link' })).toBeVisible();
  await expect.poll(() => sampleSockets).toEqual([expect.stringMatching(/\/realtime\/ws$/)]);

  const report = await context.newPage();
  const reportSockets: string[] = [];
  report.on('websocket', (socket) => reportSockets.push(socket.url()));
  await report.goto('/share/#/reports/injection/');
  // Shown once the report page's own load has run, after the start-up's effect of the same first render.
  await expect(report.getByText('No report data is stored in this browser.')).toBeVisible();
  expect(reportSockets).toEqual([]);
  await report.close();
});

test('a running injection is drawn live in the shared view over the realtime channel', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(scaled(240_000));
  const token = await demoToken(request);
  const name = `Live cola ${Date.now()}`;
  // 40 minutes at the simulators' speed: still recording when the visitor's page has opened on one CPU.
  const run = await startSampleRun(request, token, name, 1, undefined, 40);
  const share = await createShareToken(request, token, 'sample', run.sampleId);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/share/?token=${encodeURIComponent(share.token)}#/samples/${run.sampleId}/`);
  const injection = page.getByRole('region', { name: `Injection #${run.injectionId}` });
  await expect(injection.getByText('live', { exact: true })).toBeVisible();
  await expect(
    injection.getByRole('img', { name: `Chromatogram of injection #${run.injectionId}` }),
  ).toBeVisible();
  await shot(page, testInfo, 'share-live');
  // The finished event reloads the sample: the badge goes and the processed peaks appear.
  await expect(injection.getByText('live', { exact: true })).toHaveCount(0, { timeout: scaled(150_000) });
  await expect(injection.locator('table.peak-table tbody tr').first()).toBeVisible({
    timeout: scaled(30_000),
  });
  await visitor.close();
});
