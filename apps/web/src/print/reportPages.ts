// The printed page's margins: "Page x of y" at the foot of every page, the operator at its head and, on an
// injection's pages (a named page per injection), the injection volume beside it. Chromium draws CSS page
// margin boxes; the text is written into the rules as CSS strings.
import type { ReportInjection, ReportModel } from './reportModel.ts';

/** A CSS string: quotes, backslashes and line breaks escaped. */
export function cssString(value: string): string {
  return `"${value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\r\n]+/g, ' ')}"`;
}

/** The named page of an injection's section. */
export const injectionPageName = (injection: ReportInjection) => `injection-${injection.injectionId}`;

function volumeText(report: ReportModel): string {
  const volumes = [
    ...new Set(report.injections.flatMap((i) => (i.injectionUl === null ? [] : [i.injectionUl]))),
  ];
  return volumes.length === 0 ? '' : ` · Injection volume ${volumes.sort((a, b) => a - b).join(', ')} µL`;
}

/** The @page rules of a report: page numbers, operator, and each injection page's volume. */
export function pageRules(report: ReportModel): string {
  const operator = `Operator: ${report.operator ?? '—'}`;
  const head = (extra: string) =>
    `@top-left { content: ${cssString(`Eluent · ${report.title} · ${report.sample ?? ''}`)}; font-size: 8pt; color: #5b6770; } @top-right { content: ${cssString(operator + extra)}; font-size: 8pt; color: #5b6770; }`;
  const foot = `@bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; color: #5b6770; }`;
  const rules = [`@page { ${head(volumeText(report))} ${foot} }`];
  for (const injection of report.injections) {
    const volume = injection.injectionUl === null ? '' : ` · Injection volume ${injection.injectionUl} µL`;
    rules.push(`@page ${injectionPageName(injection)} { ${head(volume)} ${foot} }`);
  }
  return `@media print { ${rules.join(' ')} }`;
}
