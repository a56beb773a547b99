// What differs between two versions of a method or template, field by field in the words the audit trail
// and the editors use ("Peak detection settings · Min height 5 → 9"): the settings objects of a template are
// compared key by key, so a diff names the one setting that changed, not the whole object.
import type { AuditChange } from '@eluent/contracts';
import { words } from '../../lib/audit-words.ts';
import { changesOf } from '../audit/describe.ts';
import { fieldLabel } from '../audit/labels.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The snapshot with each settings object (`params_*`, a method's solvents) spread into `field.key` entries. */
function flattened(snapshot: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(snapshot)) {
    if (isRecord(value)) for (const [key, inner] of Object.entries(value)) flat[`${field}.${key}`] = inner;
    else flat[field] = value;
  }
  return flat;
}

/**
 * The changes from one version (`from`) to another (`to`) of a record of `entity` (`methods`,
 * `postprocessingTemplates`); fields only one of them holds count as changed from or to empty.
 */
export function versionChanges(
  entity: string,
  from: Record<string, unknown>,
  to: Record<string, unknown>,
): AuditChange[] {
  const before = flattened(from);
  const after = flattened(to);
  for (const key of Object.keys(before)) if (!(key in after)) after[key] = null;
  return changesOf(entity, before, after).map((change) => {
    const dot = change.field.indexOf('.');
    if (dot < 0) return change;
    const group = fieldLabel(entity, change.field.slice(0, dot));
    return { ...change, label: `${group} · ${words(change.field.slice(dot + 1))}` };
  });
}
