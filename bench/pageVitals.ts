// Largest contentful paint and total blocking time of a page in chromium, and the time until a defined
// element is visible and enabled (the page "interactive" for the bench: issue 33 point 7, issue 36 point 3).
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** Chromium's long-task threshold: the part of a task beyond 50 ms blocks input (Lighthouse's TBT). */
const LONG_TASK_MS = 50;

/** Installs LCP and long-task observers before the page's own scripts run. */
async function observeVitals(page: Page) {
  await page.addInitScript((threshold) => {
    const vitals = { lcp: 0, blocking: 0 };
    (window as unknown as { vitals: typeof vitals }).vitals = vitals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.blocking += Math.max(0, entry.duration - threshold);
    }).observe({ type: 'longtask', buffered: true });
  }, LONG_TASK_MS);
}

/** LCP and total blocking time (long tasks from navigation until the network is idle) of `url`, cold cache. */
export async function pageVitals(browser: Browser, url: string): Promise<{ lcp: number; tbt: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await observeVitals(page);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const vitals = await page.evaluate(
    () => (window as unknown as { vitals: { lcp: number; blocking: number } }).vitals,
  );
  await context.close();
  return { lcp: vitals.lcp, tbt: vitals.blocking };
}

export interface Ready {
  /** CSS selector of the element that makes the page usable. */
  selector: string;
}

/**
 * Opens `url` in a new page of `context` and returns the time from navigation start until an element matching
 * `ready.selector` is visible and not disabled, ms — checked on every change of the document.
 */
export async function timeToInteractive(context: BrowserContext, url: string, ready: Ready): Promise<number> {
  const page = await context.newPage();
  // No named functions inside: tsx keeps their names with a helper the page does not have.
  await page.addInitScript((selector) => {
    const observer = new MutationObserver(() => {
      const usable = Array.from(document.querySelectorAll<HTMLElement>(selector)).some(
        (element) =>
          element.checkVisibility() &&
          !element.matches(':disabled') &&
          element.getAttribute('aria-disabled') !== 'true',
      );
      if (!usable) return;
      (window as unknown as { usableAt: number }).usableAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  }, ready.selector);
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page
    .waitForFunction(() => (window as unknown as { usableAt?: number }).usableAt, undefined, { polling: 50 })
    .catch(async (error: Error) => {
      const seen = await page.locator('body').innerText();
      throw new Error(
        `${url}: '${ready.selector}' never usable; the page at ${page.url()} showed:\n${seen}`,
        {
          cause: error,
        },
      );
    });
  const ms = (await handle.jsonValue()) as number;
  await page.close();
  return ms;
}
