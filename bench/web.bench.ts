// `npm run bench -- web`: the template preview in the browser, keystroke to a new preview table, on the
// bundled examples of 200,000 and 1,000,000 points (docs/web-cabinet.md "Live preview"). Drives the built
// server (`npm run build` first) in Debian's chromium on a migrated PGlite copy, like the browser tests.
// The page records the time of each keydown in the prominence field and of each change of the preview's
// status; a figure is the time from the last keydown to the status naming the peaks of the new table.
// "one key": one keystroke, the preview idle before it; "burst": three keystrokes 30 ms apart, timed from
// the last. Then the page figures of bench/webPages.ts: the first page's JavaScript, LCP and total blocking
// time, and the time until cabinet pages and a shared report are interactive.
// Options: --rounds=<n> (each case, default 12), --only=preview|pages, --reference-web=<dir>: another build of
// the web app (its apps/web/dist copied aside, e.g. from the commit before a change), served by a second
// server so each page figure is measured beside it in the same run.
import { loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { DEMO, withBuiltServer } from './builtServer.ts';
import { runPages } from './webPages.ts';

function option(args: string[], name: string): string | undefined {
  return args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (ms: number) => ms.toFixed(0).padStart(5);

/** Installs the page's recorder: keydown times in the prominence field, status changes with their text. */
async function record(page: Page) {
  await page.evaluate(() => {
    const log = { keys: [] as number[], status: [] as { at: number; text: string }[] };
    (window as unknown as { previewLog: typeof log }).previewLog = log;
    document.addEventListener('keydown', () => log.keys.push(performance.now()), { capture: true });
    const status = document.querySelector('section[aria-label="Live preview"] [role="status"]')!;
    new MutationObserver(() =>
      log.status.push({ at: performance.now(), text: status.textContent ?? '' }),
    ).observe(status, { childList: true, characterData: true, subtree: true });
  });
}

/** Time from the last keydown to the first status after it that names the peaks found, ms. */
async function lastKeyToTable(page: Page): Promise<{ ms: number; text: string }> {
  const handle = await page.waitForFunction(() => {
    const log = (
      window as unknown as { previewLog: { keys: number[]; status: { at: number; text: string }[] } }
    ).previewLog;
    const last = log.keys.at(-1);
    if (last === undefined) return null;
    const done = log.status.find((entry) => entry.at > last && /peaks? found$/.test(entry.text.trim()));
    const settled = /peaks? found$/.test(
      (
        document.querySelector('section[aria-label="Live preview"] [role="status"]')?.textContent ?? ''
      ).trim(),
    );
    return done && settled ? { ms: done.at - last, text: done.text } : null;
  });
  return (await handle.jsonValue())!;
}

async function clearLog(page: Page) {
  await page.evaluate(() => {
    const log = (window as unknown as { previewLog: { keys: number[]; status: unknown[] } }).previewLog;
    log.keys.length = 0;
    log.status.length = 0;
  });
}

export async function run(args: string[]): Promise<void> {
  const rounds = Number(option(args, 'rounds') ?? 12);
  const only = option(args, 'only');
  const referenceWeb = option(args, 'reference-web');
  await withBuiltServer(
    async (origin, browser, referenceOrigin) => {
      if (only !== 'pages') {
        console.log('\n## Template preview: keystroke to a new table');
        await runPreview(browser, origin, rounds);
      }
      if (only !== 'preview') {
        console.log('\n## Pages');
        await runPages(browser, origin, rounds, referenceOrigin);
      }
    },
    only === 'preview' ? undefined : referenceWeb,
  );
}

async function runPreview(browser: Browser, origin: string, rounds: number): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${origin}/app/templates/new`);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'New template' }).waitFor();
  console.log(`load average ${loadavg()[0]!.toFixed(1)}; medians (min–max) of ${rounds} rounds, ms`);
  console.log('case                                      median   min   max');
  for (const label of ['Example: fast detector, 200,000 points', 'Example: long run, 1,000,000 points']) {
    await page.getByLabel('Chromatogram', { exact: true }).selectOption({ label });
    const status = page.locator('section[aria-label="Live preview"] [role="status"]');
    await page.waitForFunction(
      (element) => /peaks? found$/.test((element?.textContent ?? '').trim()),
      await status.elementHandle(),
    );
    await record(page);
    const prominence = page.getByLabel('Min prominence, mAU');
    await prominence.fill('5');
    await lastKeyToTable(page).catch(() => null);
    const single: number[] = [];
    const burst: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // One key: "5" → "50" (or back with Backspace), the preview idle before it.
      await prominence.fill('5');
      await page.waitForFunction(
        (element) => /peaks? found$/.test((element?.textContent ?? '').trim()),
        await status.elementHandle(),
      );
      await clearLog(page);
      await prominence.press('End');
      await clearLog(page);
      await prominence.press('0');
      single.push((await lastKeyToTable(page)).ms);
      // Burst: "1", "2", "5" 30 ms apart into an empty field, timed from the last.
      await prominence.fill('');
      await page.waitForFunction(
        (element) => /peaks? found$/.test((element?.textContent ?? '').trim()),
        await status.elementHandle(),
      );
      await clearLog(page);
      await prominence.pressSequentially('125', { delay: 30 });
      const answer = await lastKeyToTable(page);
      if ((await prominence.inputValue()) !== '125') throw new Error('the field did not read 125');
      burst.push(answer.ms);
    }
    const points = label.includes('1,000,000') ? '1,000,000' : '200,000';
    for (const [name, values] of [
      [`${points}: one key → table`, single],
      [`${points}: burst of 3 → table`, burst],
    ] as const) {
      console.log(
        `${name.padEnd(40)} ${fmt(median(values))} ${fmt(Math.min(...values))} ${fmt(Math.max(...values))}`,
      );
    }
  }
  await page.close();
}
