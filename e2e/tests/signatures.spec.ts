// Review and electronic signatures in the browser: three people of one workspace (an analyst and a
// reviewer invited by the administrator) take a finished sequence from processed through authored,
// reviewed and approved with the Sign… dialog and their passwords; the printed report carries the
// signatures with meaning, full name, time with zone and validity (21 CFR 11.50; the reviewer gives their
// name on the account page at 375 px, the administrator has none and prints as the address), and a later
// manual integration (a new version) shows them superseded on the page and in print.
import type { Browser } from '@playwright/test';
import { expect, scaled, test, type Page, type TestInfo } from './fixtures.ts';
import { writeFileSync } from 'node:fs';
import { DEMO, shot, signInThroughPage } from './helpers.ts';
import { call, invite, type Member } from './members.ts';
import { pdfPages } from './reports-pdf.ts';
import { demoToken, runSample, type FinishedRun } from './share-data.ts';

/** Times print in the browser's zone: the administrator reads them in Berlin, in British order. */
const ADMIN_ZONE = { timezoneId: 'Europe/Berlin', locale: 'en-GB' };

async function signInAs(
  browser: Browser,
  email: string,
  password: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
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
  return review;
}

/** What the cabinet does before opening a report: store the server's report data under the report key. */
async function printedSequenceReport(page: Page, sequenceId: number, testInfo: TestInfo, name: string) {
  await page.evaluate(async (id) => {
    const token = localStorage.getItem('eluent:accessToken')!;
    const userId = (
      JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id: string }
    ).user_id;
    // Issued as the Sequence report button does: with the workspace's next report number.
    const response = await fetch(`/api/reports/sequence/${id}/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    localStorage.setItem(`eluent:reportData:${userId}`, await response.text());
  }, sequenceId);
  await page.goto('/share/#/reports/sequence/');
  await expect(page.getByRole('heading', { name: 'Sequence report' })).toBeVisible();
  await shot(page, testInfo, name);
  await page.emulateMedia({ media: 'print' });
  const bytes = await page.pdf({ format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const path = testInfo.outputPath(`${name}.pdf`);
  writeFileSync(path, bytes);
  await testInfo.attach(`${name}.pdf`, { path, contentType: 'application/pdf' });
  return (await pdfPages(bytes)).join('\n');
}

let analyst: Member;
let reviewer: Member;
let run: FinishedRun;

test.beforeAll(async ({ request }) => {
  test.setTimeout(scaled(150_000));
  const admin = await demoToken(request);
  analyst = await invite(request, admin, 'analyst');
  reviewer = await invite(request, admin, 'reviewer');
  await call(request, analyst.token, 'PATCH', '/api/accounts/me/', { full_name: 'Ada Analyst' });
  run = await runSample(request, analyst.token, `Signed cola ${Date.now()}`, 1);
});

test('analyst → reviewer → approver sign a finished sequence; the report prints the signatures', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(scaled(120_000));
  const analystPage = await signInAs(browser, analyst.email, analyst.password);
  await analystPage.goto(`/app/sequences/${run.sequenceId}/`);
  const analystReview = analystPage.getByRole('region', { name: 'Review', exact: true });
  await expect(analystReview).toContainText('Processed');
  await expect(analystReview).toContainText('No signatures yet.');
  await signOnPage(analystPage, run.sequenceId, 'Authored', analyst.password);

  await expect(analystReview.getByRole('list', { name: 'Signatures' })).toContainText(
    'Authored by Ada Analyst',
  );

  // The reviewer gives a full name on the account page, on a phone.
  const reviewerPage = await signInAs(browser, reviewer.email, reviewer.password, {
    viewport: { width: 375, height: 812 },
  });
  await reviewerPage.goto('/app/account/');
  const nameForm = reviewerPage.getByRole('form', { name: 'Full name' });
  await expect(reviewerPage.getByRole('note')).toContainText('print your e-mail address');
  await nameForm.getByLabel('Full name').fill('Rita Reviewer');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(nameForm.getByRole('button', { name: 'Save name' })).toBeDisabled();
  await expect(reviewerPage.getByRole('note')).toHaveCount(0);
  await expect
    .poll(() => reviewerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBe(0);
  await shot(reviewerPage, testInfo, 'account-full-name-375');
  await reviewerPage.goto(`/app/sequences/${run.sequenceId}/`);
  // A wrong password signs nothing and says so in the dialog.
  await reviewerPage
    .getByRole('region', { name: 'Review', exact: true })
    .getByRole('button', { name: 'Sign…' })
    .click();
  const dialog = reviewerPage.getByRole('dialog', { name: 'Sign the sequence results' });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Sign' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct: nothing was signed.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const reviewed = await signOnPage(reviewerPage, run.sequenceId, 'Reviewed', reviewer.password);
  await expect(reviewed.getByText('Reviewed', { exact: true }).first()).toBeVisible();
  await expect(reviewed.getByRole('list', { name: 'Signatures' })).toContainText('Reviewed by Rita Reviewer');
  // The reviewer may not also approve the same results: the dialog offers a rejection only.
  await reviewed.getByRole('button', { name: 'Sign…' }).click();
  await expect(dialog.getByLabel('Meaning').locator('option')).toHaveText(['Rejected']);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const adminPage = await signInAs(browser, DEMO.email, DEMO.password, ADMIN_ZONE);
  const approved = await signOnPage(adminPage, run.sequenceId, 'Approved', DEMO.password);
  await expect(approved.locator('.review-state')).toHaveText('Approved');
  await expect(approved.locator('[data-valid="true"]')).toHaveCount(3);
  await shot(adminPage, testInfo, 'signatures-approved');

  const printed = await printedSequenceReport(adminPage, run.sequenceId, testInfo, 'signatures-report');
  for (const text of [
    'Signatures',
    'Review state: Approved',
    'Authored',
    'Reviewed',
    'Approved',
    'Ada Analyst',
    analyst.email,
    'Rita Reviewer',
    reviewer.email,
    DEMO.email,
  ])
    expect(printed).toContain(text);
  expect(printed.match(/\bValid\b/g)?.length).toBe(3);
  expect(printed).toMatch(/Report No\.\s+R-\d+/);
  expect(printed).toMatch(/Sequence No\.\s+S-\d+/);
  // Stored in UTC, printed in the reader's local time with seconds and the zone.
  const review = await call<{ signatures: Array<{ signed_at: string }> }>(
    request,
    analyst.token,
    'GET',
    `/api/sequences/${run.sequenceId}/review/`,
  );
  for (const { signed_at } of review.signatures) {
    expect(signed_at).toMatch(/Z$/);
    const local = new Date(signed_at).toLocaleString('en-GB', {
      timeZone: ADMIN_ZONE.timezoneId,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    expect(local).toMatch(/CES?T$/);
    expect(printed).toContain(local);
  }

  // The analyst integrates again: every signature stays, superseded by the new version, and the state is
  // processed again.
  const current = await call<{ injections: Array<{ result: { id: number } }> }>(
    request,
    analyst.token,
    'GET',
    `/api/sequences/${run.sequenceId}/results/`,
  );
  await call(
    request,
    analyst.token,
    'POST',
    `/api/results/${current.injections[0]!.result.id}/integration/`,
    {
      operation: 'delete',
      peak_number: 1,
      reason: 'Solvent front',
    },
  );
  await adminPage.goto(`/app/sequences/${run.sequenceId}/`);
  const after = adminPage.getByRole('region', { name: 'Review', exact: true });
  await expect(after.locator('.review-state')).toHaveText('Processed');
  await expect(after.locator('[data-valid="false"]')).toHaveCount(3);
  await expect(after.locator('[data-status="superseded"]')).toHaveCount(3);
  await expect(
    after
      .getByText('Superseded by version 2: version 1 is kept as signed; version 2 needs its own signatures.')
      .first(),
  ).toBeVisible();
  const reprinted = await printedSequenceReport(adminPage, run.sequenceId, testInfo, 'signatures-superseded');
  expect(reprinted).toContain('Review state: Processed');
  expect(reprinted).toContain(
    'Superseded by version 2: version 1 is kept as signed; version 2 needs its own signatures.',
  );
  expect(reprinted).not.toContain('Invalidated');
});
