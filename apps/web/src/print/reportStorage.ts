// The cabinet hands report data to the report tab through local storage (spec §3 "report data"), then opens
// /share/#/reports/{kind}/ with the link opener (a new tab, or the same window when installed).
import { openLink } from '../lib/linkOpener.ts';
import { readJson, userStorageKey, writeJson, type KeyValueStorage } from '../lib/storage.ts';

export type ReportKind = 'injection' | 'sequence';

export const reportPath = (kind: ReportKind) => `/share/#/reports/${kind}/`;

export function storeReportData(storage: KeyValueStorage, userId: string | null, data: { kind: ReportKind }) {
  writeJson(storage, userStorageKey('reportData', userId), data);
}

/** The stored report data of this kind, or null when none (or another kind) is stored. */
export function readReportData(storage: KeyValueStorage, userId: string | null, kind: ReportKind): unknown {
  const data = readJson<{ kind?: unknown } | null>(storage, userStorageKey('reportData', userId), null);
  return data && data.kind === kind ? data : null;
}

/** Stores the server's report data and opens the printable report. */
export function openReport(storage: KeyValueStorage, userId: string | null, data: { kind: ReportKind }) {
  storeReportData(storage, userId, data);
  openLink(reportPath(data.kind));
}
