import { expect, test } from './fixtures.ts';
import { DEMO, readLatestMail, shot, signInThroughPage, uniqueEmail } from './helpers.ts';

test('signs in through the login page and lands in the cabinet', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'Eluent Cloud' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login/');
  await nav.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await shot(page, testInfo, 'login-page');

  await signInThroughPage(page, DEMO.email, 'wrong-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await shot(page, testInfo, 'login-wrong-password');

  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  await expect(page.getByRole('heading', { name: 'Instruments', exact: true })).toBeVisible();
  await expect(page.getByText(DEMO.email)).toBeVisible();
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('eluent:accessToken'),
    refresh: localStorage.getItem('eluent:refreshToken'),
    expiry: Number(localStorage.getItem('eluent:expiryTime')),
  }));
  expect(stored.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(stored.refresh).toBeTruthy();
  expect(stored.expiry).toBeGreaterThan(Date.now());
  await shot(page, testInfo, 'cabinet-devices');

  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My cabinet' }),
  ).toHaveAttribute('href', '/app/devices/');
});

test('the /app guard sends to login with the full address as referer, and back after sign-in', async ({
  page,
}, testInfo) => {
  await page.goto('/app/devices/?view=cards#top');
  await expect(page).toHaveURL(/\/auth\/login\?referer=/);
  const referer = new URL(page.url()).searchParams.get('referer');
  expect(referer).toBe(new URL('/app/devices/?view=cards#top', page.url()).toString());
  expect(page.url()).toContain(`referer=${encodeURIComponent(referer!)}`);
  await shot(page, testInfo, 'guard-redirect');

  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/\?view=cards#top$/);
  await expect(page.getByRole('heading', { name: 'Instruments', exact: true })).toBeVisible();
});

test('/auth sends a signed-in user to the app, and logout signs out', async ({ page }, testInfo) => {
  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  await page.goto('/auth/login/');
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  await page.goto('/auth/sign-up/');
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('eluent:accessToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('eluent:refreshToken'))).toBeNull();
  await shot(page, testInfo, 'after-logout');

  await page.goto('/app/devices/');
  await expect(page).toHaveURL(/\/auth\/login\?referer=/);
});

test('signs up through the page, validating the form first', async ({ page }, testInfo) => {
  const email = uniqueEmail('signup');
  await page.goto('/auth/login/');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up\/$/);

  // The full name is asked first: signatures print it.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Password').blur();
  await expect(page.getByText('Email is not valid')).toBeVisible();
  await expect(page.getByText('Field must have at least 8 characters')).toBeVisible();
  await shot(page, testInfo, 'sign-up-validation');

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('No instruments yet')).toBeVisible();
  await page.goto('/app/account/');
  await expect(page.getByRole('form', { name: 'Full name' }).getByLabel('Full name')).toHaveValue(
    'Grace Hopper',
  );
  await page.goto('/app/devices/');
  await shot(page, testInfo, 'sign-up-done');

  // The new account signs in again after logging out.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/auth/login/');
  await signInThroughPage(page, email, 'a-long-password');
  await expect(page).toHaveURL(/\/app\/devices\/$/);

  // A taken address is answered as a new one: the page says to check the mail, and the owner is told.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/auth/sign-up/');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('another-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`Check your mail: we sent a message to ${email}`);
  await expect(page.getByRole('status').getByRole('link', { name: 'recover your password' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-up\/$/);
  await shot(page, testInfo, 'sign-up-taken');
  const mail = await readLatestMail(email, '/auth/recover-password/');
  expect(mail).toContain('tried to create an Eluent account');
});

test('recovers a password through the e-mailed link', async ({ page }, testInfo) => {
  const email = uniqueEmail('recover');
  await page.goto('/auth/sign-up/');
  await page.getByLabel('Full name').fill('Recovering Analyst');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('first-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  await page.getByRole('button', { name: 'Log out' }).click();

  // The address typed on the log-in page goes along to the recovery page.
  await page.goto('/auth/login/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to reset the password has been sent');
  await shot(page, testInfo, 'recovery-sent');

  const mail = await readLatestMail(email, '/auth/reset-password/?code=');
  const link = /https?:\/\/\S+\/auth\/reset-password\/\?code=[^\s"<>]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Repeat the new password').fill('different');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('second-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await shot(page, testInfo, 'reset-done');

  // The code is single-use.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('alert')).toContainText('not valid');

  await page.goto('/auth/login/');
  await signInThroughPage(page, email, 'first-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await signInThroughPage(page, email, 'second-password');
  await expect(page).toHaveURL(/\/app\/devices\/$/);
});

test('the Google sign-in button is absent without a configured client id', async ({ page, request }) => {
  const answer = await request.get('/api/google_signin/client_id/');
  expect((await answer.json()).client_id).toBeNull();
  await page.goto('/auth/login/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('google-signin')).toHaveCount(0);
});
