// A lab shares its work: the admin verifies its address, invites a reviewer by e-mail; the invitee follows
// the mailed link, signs up with the invited address, accepts, sees the admin's sequence in the shared
// workspace, and is not offered what a reviewer may not do (docs/roles.md). The invitee's side runs at 375 px.
import { expect, scaled, test } from './fixtures.ts';
import { DEMO, expectPageWithin, readLatestMail, signInThroughPage, uniqueEmail } from './helpers.ts';

const link = (mail: string, page: string) => {
  const found = new RegExp(`https?://\\S+/${page}/\\?code=[^\\s"<>]+`).exec(mail)?.[0];
  expect(found, `a ${page} link in the mail`).toBeTruthy();
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
};

test('an admin invites a reviewer who joins, sees the shared sequence and is offered no change', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  // The admin: the demo account, whose personal workspace holds the instruments.
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  const sequenceName = `Shared assay ${Date.now()}`;
  await page.goto('/app/sequences/');
  await page.getByRole('button', { name: 'New sequence' }).click();
  await page.getByLabel('Name').fill(sequenceName);
  await page.getByRole('button', { name: 'Create sequence' }).click();
  await expect(page).toHaveURL(/\/app\/sequences\/\d+$/);

  // Unverified, the admin cannot invite yet: the Members page offers a verification link instead.
  // While the members are on their way, nothing is drawn below their place (it would move when they come).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const membersUrl = '**/api/workspaces/*/members/';
  await page.route(membersUrl, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.goto('/app/members/');
  await expect(page.getByRole('status', { name: 'Loading members' })).toBeVisible();
  await expect(page.getByText('Verify your e-mail address to invite people')).toHaveCount(0);
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  const members = page.waitForResponse(
    (response) => response.url().includes('/members/') && response.request().method() === 'GET',
  );
  release();
  await members;
  await page.unroute(membersUrl);
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(DEMO.email);
  // Opened directly, the page brings the list-table styles of every list page (no unstyled table).
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveCSS('text-transform', 'uppercase');
  const verifyNote = page.getByText('Verify your e-mail address to invite people');
  // One of the two is drawn once the workspace is read: decide on what is there, not on a half-drawn page.
  await expect(verifyNote.or(page.getByLabel('E-mail'))).toBeVisible();
  if (await verifyNote.isVisible()) {
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeDisabled();
    await page.goto(link(await readLatestMail(DEMO.email, '/auth/verify-email/?code='), 'auth/verify-email'));
    await expect(page.getByRole('status')).toContainText('Your e-mail address is verified.');
    await page.goto('/app/members/');
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(DEMO.email);
  }
  const reviewerEmail = uniqueEmail('reviewer');
  await page.getByLabel('E-mail').fill(reviewerEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('reviewer');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(reviewerEmail);

  // The invitee, on a phone, follows the mailed link, signs up with the invited address and accepts.
  const invitationUrl = link(await readLatestMail(reviewerEmail, '/app/invitation/?code='), 'app/invitation');
  // The admin opens the link in a new tab: the page says whose address it is for, in a styled note (the
  // page loads on its own, before any list page).
  const ownTab = await page.context().newPage();
  await ownTab.goto(invitationUrl);
  const otherAddress = ownTab.getByText('Log out and sign in (or sign up) with');
  await expect(otherAddress).toContainText(reviewerEmail);
  await expect(otherAddress).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(ownTab.getByRole('button', { name: 'Accept and open the workspace' })).toBeDisabled();
  await ownTab.close();

  const invitee = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await invitee.newPage();
  await phone.goto(invitationUrl);
  await expect(phone).toHaveURL(/\/auth\/login/);
  await phone.getByRole('link', { name: 'Create an account' }).click();
  await phone.getByLabel('Full name').fill('Reviewing Chemist');
  await phone.getByLabel('E-mail').fill(reviewerEmail);
  await phone.getByLabel('Password').fill('reviewer-password');
  await phone.getByRole('button', { name: 'Create account' }).click();
  await expect(phone).toHaveURL(/\/app\/invitation\/\?code=/);
  await expect(phone.getByRole('region', { name: 'Invitation' })).toContainText('Reviewer');
  await phone.getByRole('button', { name: 'Accept and open the workspace' }).click();
  await expect(phone).toHaveURL(/\/app\/devices\/$/);

  // In the shared workspace: the admin's sequence is there; a reviewer cannot make one.
  await phone.getByRole('button', { name: 'Menu' }).click();
  await phone.getByLabel('Workspaces').click();
  await expect(phone.getByLabel('Workspace', { exact: true })).toContainText('Reviewer');
  await phone.getByRole('link', { name: 'Sequences' }).click();
  await expect(phone.getByRole('table', { name: 'Sequences' })).toContainText(sequenceName);
  await expectPageWithin(phone, 375);
  // The page follows the role: a reviewer is not offered a new sequence (the server refuses it too:
  // transports/permission-matrix.medium.test.ts).
  await expect(phone.getByRole('button', { name: 'New sequence' })).toHaveCount(0);

  // The admin sees the new member with its role.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText(reviewerEmail);
  await expect(page.getByLabel(`Role of ${reviewerEmail}`)).toHaveValue('reviewer');
  await invitee.close();
});
