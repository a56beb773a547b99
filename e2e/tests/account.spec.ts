import { expect, test } from './fixtures.ts';
import { readLatestMail, shot, signInThroughPage, uniqueEmail } from './helpers.ts';

test('the account page shows the e-mail, changes the password through the e-mailed link and logs out', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('account');
  expect((await request.post('/api/accounts/', { data: { email, password: 'first-password' } })).ok()).toBe(
    true,
  );
  await page.goto('/auth/login/');
  await signInThroughPage(page, email, 'first-password');
  await expect(page).toHaveURL(/\/app\//);

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/account\/$/);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed in as' })).toContainText(email);
  await shot(page, testInfo, 'account');

  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  const mail = await readLatestMail(email, '/auth/reset-password/?code=');
  const link = /https?:\/\/\S+\/auth\/reset-password\/\?code=[^\s"<>]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Repeat the new password').fill('second-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await page.goto('/auth/login/');
  await signInThroughPage(page, email, 'second-password');
  await expect(page).toHaveURL(/\/app\//);
  await page.goto('/app/account/');
  await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/app/account/');
  await expect(page).toHaveURL(/\/auth\/login\/?\?referer=/);
});

test('a newer server version shows the update notice, and Reload reloads', async ({ page }) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\//);
  // Only the version header changes: the answer itself comes from the real server.
  await page.route('**/hasura/v1/graphql', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), version: '99.0.0' } });
  });
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), version: '99.0.0' } });
  });
  await page.goto('/app/account/');
  const notice = page.getByText('A new version of Eluent is available.');
  await expect(notice).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
