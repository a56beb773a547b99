// Signed results stay as signed, in the browser (docs/signatures.md "Locks", "Versions of methods and
// templates" and "Versions, superseded signatures"): an analyst, a reviewer and an approver sign a finished
// sequence; the analyst then finds the approved sequence locked (no edit, no delete, the reason shown), saves
// its processing template as version 2 while the approved sequence keeps version 1 with its signatures
// valid, reads the difference in the Versions panel, reprocesses the injection in the chromatogram viewer
// and sees version 2 beside the signed version 1, whose signatures read "superseded by v2".
import type { Browser } from '@playwright/test';
import { expect, scaled, test, type Page } from './fixtures.ts';
import { DEMO, shot, signInThroughPage } from './helpers.ts';
import { call, invite, type Member } from './members.ts';
import { demoToken, runSample, type FinishedRun } from './share-data.ts';

async function signInAs(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth/login/');
  await signInThroughPage(page, email, password);
  await expect(page).toHaveURL(/\/app\//);
  return page;
}

async function signOnPage(page: Page, sequenceId: number, meaning: string, password: string) {
  await page.goto(`/app/sequences/${sequenceId}/`);
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await review.getByRole('button', { name: 'Sign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the sequence results' });
  await dialog.getByLabel('Meaning').selectOption({ label: meaning });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign' }).click();
  await expect(dialog).toBeHidden();
  await expect(review.getByRole('list', { name: 'Signatures' })).toContainText(meaning);
}

let analyst: Member;
let reviewer: Member;
let run: FinishedRun;

test.beforeAll(async ({ request }) => {
  test.setTimeout(scaled(150_000));
  const admin = await demoToken(request);
  analyst = await invite(request, admin, 'analyst');
  reviewer = await invite(request, admin, 'reviewer');
  run = await runSample(request, analyst.token, `Locked cola ${Date.now()}`, 1);
});

test('an approved sequence is locked and keeps template version 1 when the template is saved as version 2; reprocessing makes v2 beside the signed v1, its signatures superseded', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(scaled(150_000));
  const analystPage = await signInAs(browser, analyst.email, analyst.password);
  await signOnPage(analystPage, run.sequenceId, 'Authored', analyst.password);
  const reviewerPage = await signInAs(browser, reviewer.email, reviewer.password);
  await signOnPage(reviewerPage, run.sequenceId, 'Reviewed', reviewer.password);
  const adminPage = await signInAs(browser, DEMO.email, DEMO.password);
  await signOnPage(adminPage, run.sequenceId, 'Approved', DEMO.password);

  // The analyst opens the approved sequence: it says why it is locked and offers no edit or delete.
  const page = analystPage;
  await page.goto(`/app/sequences/${run.sequenceId}/`);
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await expect(review.locator('.review-state')).toHaveText('Approved');
  const lock = page.getByRole('note', { name: 'Signed — locked' });
  await expect(lock).toContainText('This record is signed: it cannot be changed or deleted.');
  await expect(page.getByRole('button', { name: 'Delete sequence' })).toBeDisabled();
  await expect(page.getByLabel('Sequence method')).toBeDisabled();
  await expect(page.locator('#sequence-template-setting')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);
  await shot(page, testInfo, 'signed-sequence-locked');

  // Its processing template: saving it makes version 2; the approved sequence keeps version 1.
  const sequence = await call<{ template_uuid: string }>(
    request,
    analyst.token,
    'GET',
    `/api/sequences/${run.sequenceId}/`,
  );
  await expect(page.getByLabel('Pinned versions')).toContainText('template version 1');
  await page.goto(`/app/templates/${sequence.template_uuid}`);
  await expect(page.getByText(/Template #\d+ · Version 1/)).toBeVisible();
  await expect(page.getByRole('note', { name: 'Signed — versioned' })).toContainText(
    'Saving makes version 2; the signed sequence keeps version 1.',
  );
  await shot(page, testInfo, 'signed-template-versioned');
  await page.getByLabel('Template name').fill('Report peaks, revised');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(/Template #\d+ · Version 2/)).toBeVisible();
  await expect(page.getByRole('note', { name: 'Signed — versioned' })).toHaveCount(0);
  await page.locator('summary', { hasText: 'Versions' }).click();
  const kept = page.getByRole('table', { name: 'Versions' }).locator('tbody > tr');
  await expect(kept).toHaveCount(2);
  await expect(kept.first()).toContainText('Version 2 (current)');
  await expect(kept.first()).toContainText('Changed name');
  await kept.last().getByRole('button', { name: 'Compare with current' }).click();
  const diff = page.getByRole('region', { name: 'Changes from version 1 to the current version' });
  await expect(diff.getByRole('listitem')).toHaveCount(1);
  await expect(diff.getByRole('listitem')).toHaveText('Name Report peaks → Report peaks, revised');
  await shot(page, testInfo, 'template-versions-diff');
  // The approved sequence still uses version 1, and its three signatures still hold.
  await page.goto(`/app/sequences/${run.sequenceId}/`);
  await expect(page.getByLabel('Pinned versions')).toContainText('template version 1');
  await expect(review.locator('.review-state')).toHaveText('Approved');
  await expect(review.locator('[data-status="valid"]')).toHaveCount(3);

  // Reprocessing the approved injection is allowed: a new version that needs signatures of its own.
  const results = await call<{ injections: Array<{ measurement_id: number }> }>(
    request,
    analyst.token,
    'GET',
    `/api/sequences/${run.sequenceId}/results/`,
  );
  const measurementId = results.injections[0]!.measurement_id;
  await page.goto(`/app/chromatograms/${measurementId}`);
  const processing = page.getByRole('region', { name: 'Processing' });
  const versions = processing.getByRole('table', { name: 'Result versions' }).locator('tbody > tr');
  await expect(versions).toHaveCount(1);
  await expect(processing.getByRole('list', { name: 'Signatures of v1' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await processing.getByLabel('Template').selectOption({ label: 'Default processing' });
  await processing.getByRole('button', { name: 'Reprocess' }).click();
  await expect(processing.getByRole('status')).toContainText('Finished · 1/1', { timeout: scaled(60_000) });
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('v2');
  await expect(versions.first()).toHaveAttribute('aria-current', 'true');
  await expect(versions.last()).toContainText('v1');
  // Version 1 keeps its three signatures, each marked superseded by version 2; version 2 has none yet.
  const signedV1 = processing.getByRole('list', { name: 'Signatures of v1' }).getByRole('listitem');
  await expect(signedV1).toHaveCount(3);
  for (const [index, meaning] of ['Authored', 'Reviewed', 'Approved'].entries())
    await expect(signedV1.nth(index)).toContainText(`${meaning} by`);
  await expect(signedV1.filter({ hasText: 'superseded by v2' })).toHaveCount(3);
  await expect(processing.getByRole('list', { name: 'Signatures of v2' })).toHaveCount(0);
  await shot(page, testInfo, 'signed-versions-viewer');

  // The sequence's review: processed again, the three signatures superseded (not invalid).
  await page.goto(`/app/sequences/${run.sequenceId}/`);
  await expect(review.locator('.review-state')).toHaveText('Processed');
  await expect(review.locator('[data-status="superseded"]')).toHaveCount(3);
  await expect(review.locator('[data-status="invalid"]')).toHaveCount(0);
  await expect(
    review
      .getByText('Superseded by version 2: version 1 is kept as signed; version 2 needs its own signatures.')
      .first(),
  ).toBeVisible();
  // Still locked: the signatures hold the sequence's record.
  await expect(page.getByRole('note', { name: 'Signed — locked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete sequence' })).toBeDisabled();
  await shot(page, testInfo, 'signed-sequence-superseded');
});
