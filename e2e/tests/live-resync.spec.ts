// A page read while its run recorded, whose realtime subscription stood only after the run ended and was
// processed (a slow connection, a reconnect): the publications it missed never arrive, so once subscribed
// the page reads its state again and shows the processed peaks without a reload (docs/web.md "Live
// updates"). The subscription is held back on purpose until the result exists.
import { expect, scaled, test } from './fixtures.ts';
import { signInThroughPage } from './helpers.ts';
import { api, demoToken, startSampleRun } from './share-data.ts';

interface SequenceResults {
  injections: Array<{ measurement_id: number | null; measurement_state: string; result: unknown }>;
}

test('a chromatogram page whose subscription came up after the run was processed shows its peaks', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(240_000));
  const token = await demoToken(request);
  // 40 minutes at the simulators' speed: still recording when the page has opened on one CPU.
  const run = await startSampleRun(request, token, `Resync tea ${Date.now()}`, 1, undefined, 40);
  const results = () =>
    api<SequenceResults>(request, token, 'GET', `/api/sequences/${run.sequenceId}/results/`);
  let measurementId = 0;
  await expect
    .poll(async () => (measurementId = (await results()).injections[0]?.measurement_id ?? 0), {
      timeout: scaled(30_000),
    })
    .toBeGreaterThan(0);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/centrifuge\/subscribe/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    // Signed out, the page asks for the sign-in and then opens the chromatogram it was given.
    const versionsRead = page.waitForResponse(/\/api\/measurements\/\d+\/results\/$/);
    await page.goto(`/app/chromatograms/${measurementId}`);
    await signInThroughPage(page);
    await versionsRead;
    // The page's reads were taken while the run still recorded: its first result did not exist yet.
    expect((await results()).injections[0]?.measurement_state).toBe('recording');
    await expect
      .poll(async () => Boolean((await results()).injections[0]?.result), { timeout: scaled(150_000) })
      .toBe(true);
  } finally {
    release();
  }
  const peakTable = page.getByRole('region', { name: 'Peak table' });
  await expect(peakTable.getByRole('table', { name: 'Peaks' }).locator('tbody tr').first()).toBeVisible({
    timeout: scaled(30_000),
  });
});
