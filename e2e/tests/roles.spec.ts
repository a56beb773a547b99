// The pages follow the role (docs/roles.md, the one table in packages/contracts/src/roles.ts): an auditor
// reads every page with no action to take; a reviewer reads, finds no way to change data, and signs a
// single imported measurement in the chromatogram viewer, which an auditor's open page shows at once. The
// administrator's pages keep every action, renaming the workspace included.
// The auditor's side runs on a phone (375 px), the reviewer's on a laptop (1366 px).
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expect, scaled, test, type APIRequestContext, type Page } from './fixtures.ts';
import { DEMO, expectPageWithin, signInThroughPage } from './helpers.ts';
import { call, invite, type Member } from './members.ts';
import { demoToken, graphql } from './share-data.ts';

/** A CSV chromatogram: 10 min at 5 Hz with two Gaussian peaks. */
function csv(): Buffer {
  const lines = ['time (s),signal (mAU)'];
  for (let index = 0; index < 3000; index++) {
    const time = index / 5;
    const value =
      1 + 60 * Math.exp(-0.5 * ((time - 150) / 3) ** 2) + 40 * Math.exp(-0.5 * ((time - 320) / 3) ** 2);
    lines.push(`${time.toFixed(2)},${value.toFixed(5)}`);
  }
  return Buffer.from(lines.join('\n'));
}

interface Lab {
  templateUuid: string;
  sequenceId: number;
  sampleName: string;
  measurementId: number;
  deviceId: number;
}

/** As the administrator: a sample, a sequence with one row, and an imported (processed) file. */
async function makeLab(request: APIRequestContext, admin: string): Promise<Lab> {
  const { devices, methods } = await graphql<{ devices: { id: number }[]; methods: { id: number }[] }>(
    request,
    admin,
    '{ devices(order_by: {id: asc}) { id } methods(where: {is_example: {_eq: true}}, limit: 1) { id } }',
  );
  const deviceId = devices[0]!.id;
  const templateUuid = randomUUID();
  await graphql(
    request,
    admin,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    { o: { uuid: templateUuid, name: `Role template ${Date.now()}` } },
  );
  const sampleName = `Role sample ${Date.now()}`;
  const sample = await call<{ id: number }>(request, admin, 'POST', '/api/samples/', {
    name: sampleName,
    device_id: deviceId,
    method_id: methods[0]!.id,
    column_name: 'C18',
  });
  const sequence = await call<{ id: number }>(request, admin, 'POST', '/api/sequences/', {
    name: `${sampleName} run`,
    device_id: deviceId,
    method_id: methods[0]!.id,
  });
  await call(request, admin, 'POST', `/api/sequences/${sequence.id}/drafts/`, {
    sample_id: sample.id,
    vial: 2,
    injections_count: 1,
  });
  const imported = await request.post('/api/measurements/import/', {
    headers: { Authorization: `Bearer ${admin}` },
    multipart: { file: { name: `role-check-${Date.now()}.csv`, mimeType: 'text/csv', buffer: csv() } },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  const { measurement_id } = (await imported.json()) as { measurement_id: number };
  return { templateUuid, sequenceId: sequence.id, sampleName, measurementId: measurement_id, deviceId };
}

async function signInAs(browser: Browser, member: Member, width: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto('/auth/login/');
  await signInThroughPage(page, member.email, member.password);
  await expect(page).toHaveURL(/\/app\//);
  return page;
}

/** What a reader (reviewer or auditor) finds: every page readable, no action that changes data. */
async function readsWithoutActions(page: Page, lab: Lab) {
  const noHorizontalScroll = () => expectPageWithin(page, page.viewportSize()!.width);

  await page.goto('/app/sequences/');
  await expect(page.getByRole('table', { name: 'Sequences' })).toContainText(`${lab.sampleName} run`);
  await expect(page.getByRole('button', { name: 'New sequence' })).toHaveCount(0);
  await noHorizontalScroll();

  await page.goto(`/app/sequences/${lab.sequenceId}/`);
  const table = page.getByRole('region', { name: 'Sequence table' });
  await expect(table.getByLabel('Row 1 sample')).toBeDisabled();
  await expect(table.getByRole('button', { name: 'Delete row 1' })).toBeDisabled();
  await expect(table.getByRole('button', { name: 'Add row' })).toHaveCount(0);
  await expect(page.getByLabel('Sequence method')).toBeDisabled();
  const run = page.getByRole('region', { name: 'Run' });
  await expect(run.getByRole('heading', { name: 'Run' })).toBeVisible();
  await expect(run.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Reprocess' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog');
  await expect(share).toBeVisible();
  await expect(share.getByRole('button', { name: 'Create link' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await noHorizontalScroll();

  await page.goto('/app/sequences/samples');
  await expect(page.getByRole('table', { name: 'Samples and standards' })).toContainText(lab.sampleName);
  await expect(page.getByRole('button', { name: 'New sample or standard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${lab.sampleName}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Audit trail of ${lab.sampleName}` })).toBeVisible();

  await page.goto('/app/methods/');
  await expect(page.getByRole('heading', { name: 'Methods', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New method' })).toHaveCount(0);
  await page.goto('/app/templates/');
  await expect(page.getByRole('heading', { name: 'Templates', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New template' })).toHaveCount(0);
  await page.goto(`/app/templates/${lab.templateUuid}`);
  await expect(page.getByRole('region', { name: 'Components' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save template' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save components' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add component' })).toHaveCount(0);
  await page.goto('/app/methods/new');
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to perform this action.');
  await expect(page.getByRole('button', { name: 'Create method' })).toHaveCount(0);

  await page.goto('/app/devices/');
  await expect(page.locator('.device-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add instrument' })).toHaveCount(0);
  await page.goto(`/app/devices/${lab.deviceId}/`);
  await expect(page.getByRole('region', { name: 'Installed column' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wi-Fi' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Pairing' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Installed column' }).getByRole('button')).toHaveCount(0);
  // The pump's state and the running injection are read; no command is offered.
  await expect(page.getByRole('status', { name: 'Pump' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Running injection' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Single injection' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Pump controls' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Setpoints' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Rename' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove from workspace' })).toHaveCount(0);

  await page.goto('/app/chromatograms/');
  await expect(page.getByRole('heading', { name: 'Chromatograms', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import file' })).toHaveCount(0);
  await page.goto(`/app/chromatograms/${lab.measurementId}`);
  await expect(page.getByRole('region', { name: 'Peak table' }).locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Reprocess' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Peak editor' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Review' })).toBeVisible();
  await noHorizontalScroll();
}

let admin: string;
let auditor: Member;
let reviewer: Member;
let lab: Lab;

test.beforeAll(async ({ request }) => {
  test.setTimeout(scaled(120_000));
  admin = await demoToken(request);
  auditor = await invite(request, admin, 'auditor');
  reviewer = await invite(request, admin, 'reviewer');
  lab = await makeLab(request, admin);
});

test('an auditor reads every page on a phone and is offered no action', async ({ browser }) => {
  test.setTimeout(scaled(90_000));
  const page = await signInAs(browser, auditor, 375);
  await readsWithoutActions(page, lab);
  // No signing either: the Review panel offers no Sign… to an auditor.
  await expect(page.getByRole('region', { name: 'Review' }).locator('.review-state')).toHaveText('Processed');
  await expect(page.getByRole('button', { name: 'Sign…' })).toHaveCount(0);
  // Members: the list, no invitation form.
  await page.goto('/app/members/');
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(auditor.email);
  await expect(page.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await page.context().close();
});

test('a reviewer changes nothing and signs one imported measurement in the viewer', async ({ browser }) => {
  test.setTimeout(scaled(90_000));
  const page = await signInAs(browser, reviewer, 1366);
  await readsWithoutActions(page, lab);
  // An auditor has the same measurement open elsewhere: the signature reaches its page without a reload.
  const watcher = await signInAs(browser, auditor, 1366);
  await watcher.goto(`/app/chromatograms/${lab.measurementId}`);
  const watched = watcher.getByRole('region', { name: 'Review' });
  await expect(watched.locator('.review-state')).toHaveText('Processed');
  // The viewer's Review panel signs the measurement's current result (docs/signatures.md).
  const review = page.getByRole('region', { name: 'Review' });
  await review.getByRole('button', { name: 'Sign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the measurement result' });
  await dialog.getByLabel('Meaning').selectOption({ label: 'Reviewed' });
  await dialog.getByLabel('Password').fill(reviewer.password);
  await dialog.getByRole('button', { name: 'Sign' }).click();
  await expect(dialog).toBeHidden();
  await expect(review.getByRole('list', { name: 'Signatures' })).toContainText(
    `Reviewed by ${reviewer.email}`,
  );
  await expect(review.locator('.review-state')).toHaveText('Reviewed');
  await expect(watched.locator('.review-state')).toHaveText('Reviewed');
  await expect(watched.getByRole('list', { name: 'Signatures' })).toContainText(reviewer.email);
  await watcher.context().close();
  await page.context().close();
});

test('the administrator keeps every action and renames the workspace', async ({ browser, request }) => {
  const page = await signInAs(browser, { email: DEMO.email, password: DEMO.password, token: admin }, 1366);
  await page.goto('/app/sequences/');
  await expect(page.getByRole('button', { name: 'New sequence' })).toBeVisible();
  await page.goto(`/app/sequences/${lab.sequenceId}/`);
  await expect(page.getByRole('button', { name: 'Add row' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reprocess' })).toBeVisible();
  await page.goto('/app/chromatograms/');
  await expect(page.getByRole('button', { name: 'Import file' })).toBeVisible();

  // Only an administrator renames the workspace; the switcher and the page follow at once.
  await page.goto('/app/members/');
  const before = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const name = `Quality lab ${Date.now()}`;
  await page.getByRole('button', { name: 'Rename' }).click();
  const form = page.getByRole('form', { name: 'Rename the workspace' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByLabel('Workspaces')).toHaveAttribute('title', new RegExp(`^${name} · `));
  await page.goto('/app/audit/');
  await expect(page.getByRole('main')).toContainText(name);
  // Back to its former name for the other tests of this server, with a token taken now: the one of the set-up
  // lives 5 minutes (ELUENT_ACCESS_TOKEN_LIFETIME_SEC), which a slow machine spends on the tests before this one.
  const token = await demoToken(request);
  await call(
    request,
    token,
    'PATCH',
    `/api/workspaces/${(await call<{ current: { id: number } }>(request, token, 'GET', '/api/workspaces/')).current.id}/`,
    { name: before },
  );
  await page.context().close();
});
