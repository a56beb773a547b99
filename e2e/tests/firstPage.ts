// The JavaScript a page loads before its first render, measured in chromium: every script whose request
// started before the page's defining element was first on screen, each gzipped at level 9 (what the build
// precompresses, apps/web/compress.mjs); the scripts fetched after it (toasts, the update notice, the install
// suggestion: components/AfterFirstPaint.tsx) are listed apart. Used by public.spec.ts (the 80 KB budget)
// and by the benchmarks (bench/firstPage.ts, bench/webPages.ts).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

/** The public pages the 80 KB aim holds for (issue 36), each with the element that shows it drawn. */
export const FIRST_PAGES = [
  { name: 'public page /', path: '/', drawn: 'h1' },
  { name: 'sign-in /auth/login/', path: '/auth/login/', drawn: 'form button[type="submit"]' },
] as const;
export const FIRST_PAGE_AIM_KB = 80;

export interface Script {
  name: string;
  gzipBytes: number;
  beforeRender: boolean;
}

const GZIP_MAGIC = 0x1f8b;

/** Gzipped size of a script body as the browser decoded it (a body still gzipped is inflated first). */
function gzippedSize(body: Buffer): number {
  const raw = body.length > 2 && body.readUInt16BE(0) === GZIP_MAGIC ? gunzipSync(body) : body;
  return gzipSync(raw, { level: 9 }).length;
}

/** Records when an element matching `selector` is first visible: checked on every change of the document. */
async function recordDrawn(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    const observer = new MutationObserver(() => {
      const element = document.querySelector<HTMLElement>(wanted);
      if (!element?.checkVisibility()) return;
      (window as unknown as { drawnAt: number }).drawnAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  }, selector);
}

/** Start times (ms from navigation) of the page's script requests, by path, and when it was drawn. */
async function timings(page: Page) {
  return page.evaluate(() => ({
    drawnAt: (window as unknown as { drawnAt?: number }).drawnAt ?? Infinity,
    started: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
  }));
}

/** The scripts a fresh browser context requests for `url` until the network is idle, with gzipped sizes. */
export async function pageScripts(browser: Browser, url: string, drawn: string): Promise<Script[]> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await recordDrawn(page, drawn);
  const bodies: Promise<{ name: string; gzipBytes: number } | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname;
    // A script whose answer comes after the page is closed (long after its first render) is not counted.
    bodies.push(
      response
        .body()
        .then((body) => ({ name, gzipBytes: gzippedSize(body) }))
        .catch(() => null),
    );
  });
  await page.goto(url);
  await page.locator(drawn).first().waitFor();
  await page.waitForLoadState('networkidle');
  const { drawnAt, started } = await timings(page);
  const read = (await Promise.all(bodies)).filter((script) => script !== null);
  const scripts = read.map((script) => ({
    ...script,
    beforeRender: started.some((entry) => entry.path === script.name && entry.at <= drawnAt),
  }));
  await context.close();
  return scripts;
}

export const sumKb = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
