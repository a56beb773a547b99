// `npm run bench -- web` page figures: the first page's gzipped JavaScript beside the 80 KB aim, LCP and total
// blocking time of the public page and the sign-in page, and the time until the cabinet's main pages and a
// shared report are interactive (issue 33 point 7, issue 36 point 3), on the built server's default
// (embedded PGlite) with a simulated run made through the API first.
import { loadavg } from 'node:os';
import type { Browser, BrowserContext } from '@playwright/test';
import { createShareToken, demoToken, runSample } from '../e2e/tests/share-data.ts';
import { DEMO } from './builtServer.ts';
import { FIRST_PAGE_AIM_KB, FIRST_PAGES, pageScripts, sumKb } from './firstPage.ts';
import { pageVitals, timeToInteractive } from './pageVitals.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (name: string, values: number[], aim: string) =>
  `${name.padEnd(52)} ${median(values).toFixed(0).padStart(7)} ${Math.max(...values)
    .toFixed(0)
    .padStart(7)}  ${aim}`;

async function firstPages(browser: Browser, origin: string, rounds: number) {
  for (const { name, path, drawn } of FIRST_PAGES) {
    const scripts = await pageScripts(browser, origin + path, drawn);
    const before = sumKb(scripts.filter((script) => script.beforeRender));
    const after = sumKb(scripts.filter((script) => !script.beforeRender));
    console.log(
      `${`${name}: JavaScript before first render, KB gz`.padEnd(52)} ${before.toFixed(1).padStart(7)}` +
        `          aim ≤ ${FIRST_PAGE_AIM_KB} (${after.toFixed(1)} KB more after it)`,
    );
  }
  for (const { name, path } of FIRST_PAGES) {
    const lcp: number[] = [];
    const tbt: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const vitals = await pageVitals(browser, origin + path);
      lcp.push(vitals.lcp);
      tbt.push(vitals.tbt);
    }
    console.log(row(`${name}: LCP, ms`, lcp, 'Web Vitals "good" ≤ 2500'));
    console.log(row(`${name}: total blocking time, ms`, tbt, 'Lighthouse "good" ≤ 200'));
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

async function cabinetPages(browser: Browser, origin: string, rounds: number) {
  const { context, chromatogram, report, injectionId } = await cabinetData(browser, origin);
  const pages: { name: string; url: string; selector: string; own?: BrowserContext }[] = [
    { name: 'methods list', url: '/app/methods/', selector: 'main table tbody tr a[href^="/app/methods/"]' },
    {
      name: 'sequences list',
      url: '/app/sequences/',
      selector: 'main table tbody tr a[href^="/app/sequences/"]',
    },
    { name: 'chromatogram view', url: chromatogram, selector: 'section[aria-label="Peak table"] tbody tr' },
  ];
  for (const { name, url, selector } of pages) {
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1)
      times.push(await timeToInteractive(context, origin + url, { selector }));
    console.log(row(`${name}: interactive, ms`, times, 'aim ≤ 1000'));
  }
  const shared: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // A visitor: a fresh context each round, signed out, cold cache.
    const visitor = await browser.newContext({ serviceWorkers: 'block' });
    shared.push(
      await timeToInteractive(visitor, origin + report, {
        selector: `[aria-label="Injection #${injectionId}"]`,
      }),
    );
    await visitor.close();
  }
  console.log(row('shared sequence report, signed out: interactive, ms', shared, 'aim ≤ 1000'));
  await context.close();
}

export async function runPages(browser: Browser, origin: string, rounds: number): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}; ${rounds} rounds`,
  );
  console.log(`${'page figure'.padEnd(52)} ${'median'.padStart(7)} ${'max'.padStart(7)}  reference`);
  await firstPages(browser, origin, rounds);
  await cabinetPages(browser, origin, rounds);
}
