// A manual integration's audit entry as a chromatographer reads it: "Peak 3 (Caffeine): end 2.05 → 2.11 min,
// area 136.9 → 139.2 mAU·s", with the peak numbers the analyst saw before the change and every number in the
// figure rules (formatFigure). The server's readable trail and the viewer's integration list both use it.
import { z } from 'zod';
import { formatFigure } from './detection.ts';

/** What the audit keeps of a changed peak (services/results/manual-integration.ts). */
export const auditedPeakSchema = z.object({
  /** The peak's number in the result it belongs to (before: as the analyst saw it). */
  number: z.number().int().optional(),
  name: z.string().nullable().optional(),
  retention_time_sec: z.number(),
  start_sec: z.number(),
  end_sec: z.number(),
  area: z.number(),
});
export type AuditedPeak = z.infer<typeof auditedPeakSchema>;

/** The old or new values of a manual integration's audit entry (GraphQL `auditEvents`, jsonb). */
export const integrationAuditValuesSchema = z
  .object({
    result_id: z.number().int().optional(),
    peaks: z.array(auditedPeakSchema).optional(),
    /** The signal's unit, for the areas (new values only). */
    unit: z.string().nullable().optional(),
  })
  .nullable();
export type IntegrationAuditValues = z.infer<typeof integrationAuditValuesSchema>;

const minutes = (sec: number) => formatFigure(sec / 60);

function peakName(peak: AuditedPeak): string {
  return `Peak ${peak.number ?? '?'}${peak.name ? ` (${peak.name})` : ''}`;
}

function namesOf(peaks: readonly AuditedPeak[]): string {
  return `Peaks ${peaks.map((peak) => `${peak.number ?? '?'}${peak.name ? ` (${peak.name})` : ''}`).join(', ')}`;
}

/** Old and new peaks whose ranges overlap belong to one change; each group is one line. */
function groups(before: readonly AuditedPeak[], after: readonly AuditedPeak[]) {
  const all = [
    ...before.map((peak) => ({ peak, old: true })),
    ...after.map((peak) => ({ peak, old: false })),
  ];
  const parent = all.map((_, index) => index);
  const root = (index: number): number =>
    parent[index] === index ? index : (parent[index] = root(parent[index]!));
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!.peak;
      const b = all[j]!.peak;
      if (all[i]!.old !== all[j]!.old && a.start_sec < b.end_sec && b.start_sec < a.end_sec)
        parent[root(i)] = root(j);
    }
  const byRoot = new Map<number, { before: AuditedPeak[]; after: AuditedPeak[] }>();
  all.forEach((item, index) => {
    const key = root(index);
    const group = byRoot.get(key) ?? { before: [], after: [] };
    (item.old ? group.before : group.after).push(item.peak);
    byRoot.set(key, group);
  });
  const start = (group: { before: AuditedPeak[]; after: AuditedPeak[] }) =>
    Math.min(...[...group.before, ...group.after].map((peak) => peak.start_sec));
  return [...byRoot.values()].sort((a, b) => start(a) - start(b));
}

function changeLine(before: AuditedPeak[], after: AuditedPeak[], areaUnit: string): string {
  const area = (value: number) => formatFigure(value);
  const areas = (peaks: readonly AuditedPeak[]) => peaks.map((peak) => area(peak.area)).join(' + ');
  if (before.length === 0)
    return after
      .map(
        (peak) =>
          `Peak added: ${minutes(peak.start_sec)}–${minutes(peak.end_sec)} min, area ${area(peak.area)} ${areaUnit}`,
      )
      .join('; ');
  if (after.length === 0)
    return before.map((peak) => `${peakName(peak)} deleted (area ${area(peak.area)} ${areaUnit})`).join('; ');
  if (before.length === 1 && after.length === 1) {
    const [old, now] = [before[0]!, after[0]!];
    const parts: string[] = [];
    if (minutes(old.start_sec) !== minutes(now.start_sec))
      parts.push(`start ${minutes(old.start_sec)} → ${minutes(now.start_sec)} min`);
    if (minutes(old.end_sec) !== minutes(now.end_sec))
      parts.push(`end ${minutes(old.end_sec)} → ${minutes(now.end_sec)} min`);
    if (parts.length === 0) parts.push('baseline moved');
    parts.push(`area ${area(old.area)} → ${area(now.area)} ${areaUnit}`);
    return `${peakName(old)}: ${parts.join(', ')}`;
  }
  if (after.length === 1) {
    const now = after[0]!;
    return `${namesOf(before)} merged: ${minutes(now.start_sec)}–${minutes(now.end_sec)} min, area ${areas(before)} → ${area(now.area)} ${areaUnit}`;
  }
  if (before.length === 1) {
    const cuts = after.slice(1).map((peak) => minutes(peak.start_sec));
    return `${peakName(before[0]!)} split at ${cuts.join(', ')} min: area ${area(before[0]!.area)} → ${areas(after)} ${areaUnit}`;
  }
  return `${namesOf(before)} → ${after.length} peaks: area ${areas(before)} → ${areas(after)} ${areaUnit}`;
}

/**
 * One line per change of a manual integration, or null for an entry written before peaks carried their
 * numbers (it is then shown field by field).
 * @example integrationAuditLines([{ number: 3, name: 'Caffeine', retention_time_sec: 120, start_sec: 115, end_sec: 123, area: 136.9 }], [{ number: 3, name: 'Caffeine', retention_time_sec: 120, start_sec: 115, end_sec: 126.6, area: 139.2 }], 'mAU')
 * // ['Peak 3 (Caffeine): end 2.05 → 2.11 min, area 136.9 → 139.2 mAU·s']
 */
export function integrationAuditLines(
  before: readonly AuditedPeak[],
  after: readonly AuditedPeak[],
  signalUnit: string,
): string[] | null {
  if (before.some((peak) => peak.number === undefined)) return null;
  const areaUnit = signalUnit ? `${signalUnit}·s` : 's';
  return groups(before, after).map((group) => changeLine(group.before, group.after, areaUnit));
}
