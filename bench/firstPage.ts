// `npx tsx bench/firstPage.ts [--reference-web=<dir>]` (after `npm run build`): the gzipped JavaScript the
// public page and the sign-in page load before and after their first render (e2e/tests/firstPage.ts), script
// by script; with a reference (another build of the web app, e.g. the commit before a change, its
// apps/web/dist copied aside) served by a second server, the same pages of it are measured in turn.
import { FIRST_PAGE_AIM_KB, FIRST_PAGES, pageScripts, sumKb } from '../e2e/tests/firstPage.ts';
import { withBuiltServer } from './builtServer.ts';

export { FIRST_PAGE_AIM_KB, FIRST_PAGES, pageScripts, sumKb };

async function main() {
  const referenceWeb = process.argv.find((arg) => arg.startsWith('--reference-web='))?.split('=')[1];
  await withBuiltServer(async (origin, browser, referenceOrigin) => {
    const builds: [string, string][] = referenceOrigin
      ? [
          ['this build', origin],
          ['reference', referenceOrigin],
        ]
      : [['', origin]];
    for (const { name, path, drawn } of FIRST_PAGES)
      for (const [build, at] of builds) {
        const scripts = await pageScripts(browser, at + path, drawn);
        const before = scripts.filter((script) => script.beforeRender);
        const after = scripts.filter((script) => !script.beforeRender);
        console.log(
          `${build ? `${build}, ` : ''}${name}: ${sumKb(before).toFixed(1)} KB gzipped JavaScript before first render ` +
            `(aim ≤ ${FIRST_PAGE_AIM_KB} KB), ${sumKb(after).toFixed(1)} KB after it`,
        );
        for (const script of scripts) {
          const when = script.beforeRender ? 'before' : 'after ';
          console.log(`  ${when} ${(script.gzipBytes / 1024).toFixed(1).padStart(6)}  ${script.name}`);
        }
      }
  }, referenceWeb);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
