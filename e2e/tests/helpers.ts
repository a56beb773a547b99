// Shared steps for the browser tests: signing in through the real page, reading the e-mail outbox.
import { expect, type Page, type TestInfo } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_ENV } from './fixtures.ts';

export const DEMO = { email: 'demo@eluent.dev', password: 'eluent-demo' };

export async function signInThroughPage(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * A full-page screenshot attached to the report, for looking at the pages: taken only when
 * ELUENT_E2E_SCREENSHOTS is set (a failing test gets its screenshot from the config either way).
 */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.ELUENT_E2E_SCREENSHOTS) return;
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * The page is no wider than the window (a phone never scrolls sideways), read until the layout has settled: a
 * toast sliding in from the right or a plot still resizing to a new window size widens the page for a moment,
 * so one immediate read could catch that moment (docs/testing.md "Read a state only after waiting for it").
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: `page ${page.url()} scrolls sideways` },
    )
    .toBeLessThanOrEqual(0);
}

/** The page is no wider than `width` px (its layout width, the scroll bar included), read until it settles. */
export async function expectPageWithin(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `page ${page.url()} is wider than ${width} px`,
    })
    .toBeLessThanOrEqual(width);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@lab.test`;
}

/** The data folder of this worker's server (fixtures.ts). */
function dataDir(): string {
  const folder = process.env[DATA_DIR_ENV];
  if (!folder) throw new Error(`${DATA_DIR_ENV} is not set: the test does not run on the worker's server`);
  return folder;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest e-mail to the address, decoded; waits until it arrives. */
export async function readLatestMail(to: string, containing?: string): Promise<string> {
  const outbox = join(dataDir(), 'outbox');
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  let found = '';
  // Polls until the newest mail to the address exists and, when `containing` is given, holds that text:
  // an older mail to the same address (a sign-up verification, an earlier link) is not the one awaited.
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(outbox)
          .filter((file) => file.endsWith(`-${safe}.eml`))
          .sort();
      } catch {
        return false;
      }
      const latest = files.at(-1);
      if (!latest) return false;
      found = decodeQuotedPrintable(readFileSync(join(outbox, latest), 'utf8'));
      return containing === undefined || found.includes(containing);
    })
    .toBe(true);
  return found;
}
