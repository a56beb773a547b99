// Interrupted injections in the browser (docs/sequences.md): the test runs its own server process with a
// demo instrument, kills it with SIGKILL while the second injection records and starts it again, so the
// injection is really interrupted; the page shows it with its reason and the run continues from the next
// row to FINISHED (no Start offered then). Also: Stop asks for confirmation. At 375 px too.
import { expect, scaled, test, type APIRequestContext, type Page } from './fixtures.ts';
import { freePort, newDataDir, removeDataDir, startServer, stopServer } from '../server.ts';
import { DEMO, expectPageWithin, shot, signInThroughPage } from './helpers.ts';

const FAST_METHOD = 'Example: fast UHPLC gradient, 2.1 × 50 mm';
const RESTART_REASON = 'The server restarted during the injection and the instrument no longer had the run.';

/** The built server on its own data folder, with one demo instrument. */
const startOwnServer = (port: number, dataDir: string) =>
  startServer(port, dataDir, { ELUENT_SIMULATORS: '1' });

async function api<T>(
  request: APIRequestContext,
  base: string,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  return (await response.json()) as T;
}

/** A copy of a method that runs `runTimeMin` minutes (its gradient and detector as they are). */
async function longerCopy(
  request: APIRequestContext,
  base: string,
  token: string,
  id: number,
  runTimeMin: number,
): Promise<number> {
  const fields =
    'flow_rate_ml_per_min temperature injection_ul gradient detector_single_channel hardware_configuration';
  const read = await api<{ data: { methods: Array<Record<string, unknown>> } }>(
    request,
    base,
    token,
    'POST',
    '/hasura/v1/graphql',
    { query: `query($id: Int!) { methods(where: { id: { _eq: $id } }) { ${fields} } }`, variables: { id } },
  );
  const created = await api<{ data: { insert_methods_one: { id: number } } }>(
    request,
    base,
    token,
    'POST',
    '/hasura/v1/graphql',
    {
      query: 'mutation($o: methods_insert_input!) { insert_methods_one(object: $o) { id } }',
      variables: {
        o: { ...read.data.methods[0], name: `${FAST_METHOD} ×${runTimeMin}`, run_time_min: runTimeMin },
      },
    },
  );
  return created.data.insert_methods_one.id;
}

/**
 * A demo sequence of one row with `injections` injections of the fast example method (or a copy of it that
 * runs `runTimeMin` minutes), ready to start.
 */
async function prepareSequence(
  request: APIRequestContext,
  base: string,
  name: string,
  injections = 3,
  runTimeMin?: number,
) {
  const signIn = await request.post(`${base}/api/token/`, {
    data: { username: DEMO.email, password: DEMO.password },
  });
  const token = ((await signIn.json()) as { access: string }).access;
  let device: { id: number; online: boolean; installed_column: { name?: string } | null } | undefined;
  await expect
    .poll(async () => {
      device = (
        await api<Array<NonNullable<typeof device>>>(request, base, token, 'GET', '/api/devices/')
      )[0];
      return device?.online === true;
    })
    .toBe(true);
  const methods = await api<{ data: { methods: Array<{ id: number }> } }>(
    request,
    base,
    token,
    'POST',
    '/hasura/v1/graphql',
    {
      query: 'query($n: String!) { methods(where: { name: { _eq: $n } }) { id } }',
      variables: { n: FAST_METHOD },
    },
  );
  const methodId =
    runTimeMin === undefined
      ? methods.data.methods[0]!.id
      : await longerCopy(request, base, token, methods.data.methods[0]!.id, runTimeMin);
  const sample = await api<{ id: number }>(request, base, token, 'POST', '/api/samples/', {
    name: `Oolong ${name}`,
    device_id: device!.id,
    method_id: methodId,
    column_name: device!.installed_column?.name ?? 'C18',
  });
  const sequence = await api<{ id: number }>(request, base, token, 'POST', '/api/sequences/', {
    name,
    device_id: device!.id,
    method_id: methodId,
  });
  await api(request, base, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, {
    sample_id: sample.id,
    vial: 4,
    injections_count: injections,
  });
  return { token, sequenceId: sequence.id, deviceId: device!.id, sampleName: `Oolong ${name}` };
}

async function state(page: Page) {
  return page.getByRole('heading', { level: 1 }).locator('[data-state]');
}

test('an injection interrupted by a killed server is shown with its reason and the run continues from the next row', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(scaled(300_000));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = newDataDir('eluent-e2e-interrupt-');
  let server = await startOwnServer(port, dataDir);
  try {
    const name = `Interrupted ${Date.now()}`;
    // Twenty minutes a run (24 s at the simulators' speed): the second injection is still recording when
    // the poll below sees it, even on one busy CPU where a fast run ended between two of its reads.
    const { token, sequenceId, deviceId, sampleName } = await prepareSequence(request, base, name, 3, 20);
    await page.goto(`${base}/app/sequences/${sequenceId}`);
    await signInThroughPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(await state(page)).toHaveAttribute('data-state', 'RUNNING');

    // Kill the server while the second injection records (its points are on the server).
    await expect
      .poll(
        async () => {
          const { injections } = await api<{
            injections: Array<{ measurement_id: number; measurement_state: string }>;
          }>(request, base, token, 'GET', `/api/sequences/${sequenceId}/results/`);
          const second = injections[1];
          if (second?.measurement_state !== 'recording') return false;
          const data = await api<{ signal?: number[] }>(
            request,
            base,
            token,
            'GET',
            `/api/measurements/${second.measurement_id}/data/`,
          );
          return (data.signal?.length ?? 0) > 50;
        },
        { timeout: scaled(60_000), intervals: [100] },
      )
      .toBe(true);
    await stopServer(server, 'SIGKILL');
    server = await startOwnServer(port, dataDir);
    // The restarted server answers health before its recovery has looked at the run: the page is read once
    // the server has recorded the interruption, not while the sequence still says running.
    let replicate = 0;
    await expect
      .poll(
        async () => {
          const sequence = await api<{ state: string; interruption: { replicate: number } | null }>(
            request,
            base,
            token,
            'GET',
            `/api/sequences/${sequenceId}/`,
          );
          replicate = sequence.interruption?.replicate ?? 0;
          return sequence.interruption !== null && sequence.state === 'PAUSED';
        },
        { timeout: scaled(60_000) },
      )
      .toBe(true);
    // The kill came while the second injection recorded or, on a slow machine where the poll's answers
    // arrived late, a later one: the injection the server names is the one the page shows.
    expect(replicate).toBeGreaterThanOrEqual(2);

    await page.reload();
    const panel = page.getByRole('region', { name: 'Interrupted injection' });
    await expect(panel).toBeVisible({ timeout: scaled(60_000) });
    await expect(panel).toContainText(RESTART_REASON);
    await expect(panel).toContainText(`injection ${replicate}`);
    await expect(await state(page)).toHaveAttribute('data-state', 'PAUSED');
    // The plain Resume would not say which way to go; the rows that ran are locked.
    await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
    await expect(page.getByLabel('Row 1 vial')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete row 1' })).toBeDisabled();
    await expect(page.getByLabel('Sequence method')).toBeDisabled();
    await shot(page, testInfo, 'sequence-interrupted');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(panel.getByRole('button', { name: 'Continue with the next row' })).toBeVisible();
    // Read once the page has laid itself out at the new width (its plots resize after the window does).
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(375);
    await expectPageWithin(page, 375);
    await shot(page, testInfo, 'sequence-interrupted-375');

    // The instrument page names the paused sequence and its sample, with a link to it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/app/devices/${deviceId}/`);
    const line = page.getByRole('status', { name: 'Running on this instrument' });
    await expect(line).toContainText(sampleName);
    await expect(line).toContainText('interrupted');
    await line.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/app/sequences/${sequenceId}$`));

    await page.getByRole('button', { name: 'Continue with the next row' }).click();
    await expect(panel).toHaveCount(0);
    await expect(await state(page)).toHaveAttribute('data-state', 'FINISHED', { timeout: scaled(90_000) });
    // A FINISHED run is a record: no Start.
    await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
    const results = page.getByRole('table', { name: 'Injection results' });
    await expect(results.locator('tr[data-injection-id]')).toHaveCount(3);
    await expect(results.getByRole('row').filter({ hasText: RESTART_REASON })).toHaveCount(1);
    await expect(results.getByRole('row').filter({ hasText: 'finished' })).toHaveCount(2);
    await shot(page, testInfo, 'sequence-continued-finished');
  } finally {
    await stopServer(server, 'SIGKILL');
    removeDataDir(dataDir);
  }
});

test('Stop asks for confirmation before it stops a running sequence', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(scaled(120_000));
  const origin = baseURL!;
  const name = `Stop confirm ${Date.now()}`;
  // Thirty injections (three minutes of run at the browser tests' simulator speed): the run is still going
  // when the second Stop comes, however slowly a loaded machine gets there. The test stops it long before.
  const { sequenceId } = await prepareSequence(request, origin, name, 30);
  await page.goto(`/app/sequences/${sequenceId}`);
  await signInThroughPage(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(await state(page)).toHaveAttribute('data-state', 'RUNNING');

  await page.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop the sequence?' });
  await expect(dialog).toBeVisible();
  await shot(page, testInfo, 'sequence-stop-confirm');
  await dialog.getByRole('button', { name: 'Keep running' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(await state(page)).toHaveAttribute('data-state', 'RUNNING');

  await page.getByRole('button', { name: 'Stop' }).click();
  await page
    .getByRole('dialog', { name: 'Stop the sequence?' })
    .getByRole('button', { name: 'Stop sequence' })
    .click();
  await expect(await state(page)).toHaveAttribute('data-state', 'STOPPED');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
});
