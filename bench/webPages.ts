// `npm run bench -- web` page figures: the first page's gzipped JavaScript beside the 80 KB aim, LCP and total
// blocking time of the public page and the sign-in page, and the time until the cabinet's main pages and a
// shared report are interactive (issue 33 point 7, issue 36 point 3), on the built server's default
// (embedded PGlite) with a simulated run made through the API first. With a reference (another build of the
// web app served by a second server of the same build, data made the same way), each figure is measured on
// both, interleaved round by round, and printed side by side with the ratio.
import { loadavg } from 'node:os';
import type { Browser, BrowserContext } from '@playwright/test';
import { createShareToken, demoToken, runSample } from '../e2e/tests/share-data.ts';
import { DEMO } from './builtServer.ts';
import { FIRST_PAGE_AIM_KB, FIRST_PAGES, pageScripts, sumKb } from './firstPage.ts';
import { pageVitals, timeToInteractive } from './pageVitals.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cell = (value: number, digits = 0) => value.toFixed(digits).padStart(8);

/** One row: median and max of this build, of the reference and the ratio of the medians, and the aim. */
function row(name: string, values: number[], reference: number[], aim: string, digits = 0) {
  const ours = `${cell(median(values), digits)}${cell(Math.max(...values), digits)}`;
  const theirs = reference.length
    ? `${cell(median(reference), digits)}${cell(Math.max(...reference), digits)}${cell(median(values) / median(reference), 2)}`
    : ' '.repeat(24);
  return `${name.padEnd(52)}${ours}${theirs}  ${aim}`;
}

/** Runs `measure` on each origin in turn, `rounds` times: this build and the reference interleaved. */
async function interleaved(origins: string[], rounds: number, measure: (origin: string) => Promise<number>) {
  const values: number[][] = origins.map(() => []);
  for (let round = 0; round < rounds; round += 1)
    for (const [index, origin] of origins.entries()) values[index]!.push(await measure(origin));
  return { ours: values[0]!, reference: values[1] ?? [] };
}

async function firstPages(browser: Browser, origins: string[], rounds: number) {
  for (const { name, path, drawn } of FIRST_PAGES) {
    const sizes = { before: [] as number[], after: [] as number[] };
    const reference = { before: [] as number[], after: [] as number[] };
    for (const [index, origin] of origins.entries()) {
      const scripts = await pageScripts(browser, origin + path, drawn);
      const into = index === 0 ? sizes : reference;
      into.before.push(sumKb(scripts.filter((script) => script.beforeRender)));
      into.after.push(sumKb(scripts.filter((script) => !script.beforeRender)));
    }
    console.log(
      row(
        `${name}: JavaScript before first render, KB gz`,
        sizes.before,
        reference.before,
        `aim ≤ ${FIRST_PAGE_AIM_KB}`,
        1,
      ),
    );
    console.log(row(`${name}: JavaScript after first render, KB gz`, sizes.after, reference.after, '', 1));
  }
  for (const { name, path } of FIRST_PAGES) {
    const lcp = await interleaved(
      origins,
      rounds,
      async (origin) => (await pageVitals(browser, origin + path)).lcp,
    );
    console.log(row(`${name}: LCP, ms`, lcp.ours, lcp.reference, 'Web Vitals "good" ≤ 2500'));
    const tbt = await interleaved(
      origins,
      rounds,
      async (origin) => (await pageVitals(browser, origin + path)).tbt,
    );
    console.log(row(`${name}: total blocking time, ms`, tbt.ours, tbt.reference, 'Lighthouse "good" ≤ 200'));
  }
}

/** A signed-in context, a finished run's chromatogram and a share link to its sequence report. */
async function cabinetData(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
  const token = await demoToken(context.request);
  const run = await runSample(context.request, token, 'Bench caffeine');
  const share = await createShareToken(context.request, token, 'sequence', run.sequenceId);
  const page = await context.newPage();
  await page.goto('/auth/login/');
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/app\//);
  await page.goto(`/app/sequences/${run.sequenceId}`);
  await page.locator('main a[href^="/app/chromatograms/"]').first().waitFor();
  const links = await page
    .locator('main a[href^="/app/chromatograms/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  const chromatogram = links.find((href) => /\/app\/chromatograms\/\d+/.test(href))!;
  await page.close();
  const report = `/share/?token=${encodeURIComponent(share.token)}&id=${run.sequenceId}#/reports/sequence/`;
  return { context, chromatogram, report, injectionId: run.injectionId };
}

type Site = Awaited<ReturnType<typeof cabinetData>>;

const CABINET_PAGES: { name: string; url: (site: Site) => string; selector: string }[] = [
  {
    name: 'methods list',
    url: () => '/app/methods/',
    selector: 'main table tbody tr a[href^="/app/methods/"]',
  },
  {
    name: 'sequences list',
    url: () => '/app/sequences/',
    selector: 'main table tbody tr a[href^="/app/sequences/"]',
  },
  {
    name: 'chromatogram view',
    url: (site) => site.chromatogram,
    selector: 'section[aria-label="Peak table"] tbody tr',
  },
];

async function cabinetPages(browser: Browser, origins: string[], rounds: number) {
  const sites = new Map<string, Site>();
  for (const origin of origins) sites.set(origin, await cabinetData(browser, origin));
  for (const { name, url, selector } of CABINET_PAGES) {
    const times = await interleaved(origins, rounds, async (origin) => {
      const site = sites.get(origin)!;
      return timeToInteractive(site.context, origin + url(site), { selector });
    });
    console.log(row(`${name}: interactive, ms`, times.ours, times.reference, 'aim ≤ 1000'));
  }
  const shared = await interleaved(origins, rounds, async (origin) => {
    // A visitor: a fresh context each round, signed out, cold cache.
    const site = sites.get(origin)!;
    const visitor: BrowserContext = await browser.newContext({ serviceWorkers: 'block' });
    const ms = await timeToInteractive(visitor, origin + site.report, {
      selector: `[aria-label="Injection #${site.injectionId}"]`,
    });
    await visitor.close();
    return ms;
  });
  console.log(
    row('shared sequence report, signed out: interactive, ms', shared.ours, shared.reference, 'aim ≤ 1000'),
  );
  for (const site of sites.values()) await site.context.close();
}

export async function runPages(
  browser: Browser,
  origin: string,
  rounds: number,
  referenceOrigin?: string,
): Promise<void> {
  const origins = referenceOrigin ? [origin, referenceOrigin] : [origin];
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}; ${rounds} rounds${referenceOrigin ? ', each beside the reference build' : ''}`,
  );
  console.log(
    `${'page figure'.padEnd(52)}${'median'.padStart(8)}${'max'.padStart(8)}` +
      `${'ref med'.padStart(8)}${'ref max'.padStart(8)}${'ratio'.padStart(8)}  aim`,
  );
  await firstPages(browser, origins, rounds);
  await cabinetPages(browser, origins, rounds);
}
