// A stored audit row as a reader sees it: the kind of object and the action in words, and each changed
// field with its label and both values formatted ("Injections 1 → 3"). The stored values stay as written;
// only this reading of them changes.
import {
  deviceErrorMessage,
  domainErrors,
  integrationAuditLines,
  type AuditChange,
  type AuditEntry,
  type AuditedPeak,
} from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { referenceNames, type AuditRow, type ReferencedIds } from '../../repositories/audit.ts';
import { actionLabel, entityLabel, fieldLabel, hiddenFields } from './labels.ts';

const MAX_VALUE_CHARS = 300;
const SUMMARY_CHANGES = 6;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as text: yes/no, numbers as stored, lists of plain values comma-separated, else compact JSON. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (value instanceof Date) return value.toISOString();
  const text =
    Array.isArray(value) && value.every((item) => typeof item === 'number' || typeof item === 'string')
      ? value.join(', ')
      : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** Names of the objects values point to, by id (as text): an instrument, method, sample or template. */
export type ReferenceNames = Record<keyof ReferencedIds, Map<string, string>>;

const referenceKinds: Record<string, keyof ReferencedIds> = {
  device_id: 'devices',
  method_id: 'methods',
  sample_id: 'samples',
  template_uuid: 'templates',
};

/**
 * A stored error code reads as the catalogue's message, never as the code: a named code as its text, an
 * instrument's numeric one (`device_error_202`) as the device message; an unknown code stays as stored.
 */
export function errorCodeText(value: unknown): string | null {
  if (typeof value !== 'string') return formatValue(value);
  if (Object.hasOwn(domainErrors, value)) return domainErrors[value as keyof typeof domainErrors];
  const numeric = /^device_error_(\d+)$/.exec(value);
  return numeric ? deviceErrorMessage(Number(numeric[1])) : value;
}

/** A value that points to another object reads as its name with its id: "Caffeine assay (#3)". */
function formatField(field: string, value: unknown, names?: ReferenceNames): string | null {
  if (field === 'error_code') return errorCodeText(value);
  const kind = referenceKinds[field];
  if (kind && names && (typeof value === 'number' || typeof value === 'string')) {
    const name = names[kind].get(String(value));
    if (name !== undefined) return kind === 'templates' ? name : `${name} (#${value})`;
  }
  return formatValue(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields an event changed. An update lists the fields it wrote whose value differs; a creation lists
 * what was written, a deletion what was there; values that are not objects are one change ("value").
 */
export function changesOf(
  entity: string,
  oldValues: unknown,
  newValues: unknown,
  names?: ReferenceNames,
): AuditChange[] {
  const change = (field: string, before: unknown, after: unknown): AuditChange => ({
    field,
    label: fieldLabel(entity, field),
    old: formatField(field, before, names),
    new: formatField(field, after, names),
  });
  if (!isRecord(oldValues) && !isRecord(newValues)) {
    if (oldValues == null && newValues == null) return [];
    return same(oldValues, newValues) ? [] : [change('value', oldValues, newValues)];
  }
  const before = isRecord(oldValues) ? oldValues : {};
  const after = isRecord(newValues) ? newValues : {};
  const fields = isRecord(newValues) ? Object.keys(after) : Object.keys(before);
  return fields
    .filter((field) => !hiddenFields.has(field))
    .filter((field) => !isRecord(oldValues) || !isRecord(newValues) || !same(before[field], after[field]))
    .filter((field) => before[field] != null || after[field] != null)
    .map((field) => change(field, before[field], after[field]));
}

function kindOf(row: AuditRow): string {
  // A standard or blank is stored as a sample with its type.
  if (row.entity === 'samples') {
    const type = [row.new_values, row.old_values]
      .map((v) => (isRecord(v) ? v.type : undefined))
      .find(Boolean);
    if (type === 'standard') return 'Standard';
    if (type === 'blank') return 'Blank';
  }
  return entityLabel(row.entity);
}

function summaryOf(action: string, kind: string, row: AuditRow, changes: AuditChange[]): string {
  const object = `${kind} ${row.entity_id}${row.label ? ` (${row.label})` : ''}`;
  if (changes.length === 0) return `${action} ${object}`;
  const shown = changes
    .slice(0, SUMMARY_CHANGES)
    .map((c) => (c.old === null ? `${c.label} ${c.new ?? '—'}` : `${c.label} ${c.old} → ${c.new ?? '—'}`));
  const more = changes.length > SUMMARY_CHANGES ? `; and ${changes.length - SUMMARY_CHANGES} more` : '';
  return `${action} ${object}: ${shown.join('; ')}${more}`;
}

/**
 * A manual integration reads as the chromatographer's lines ("Peak 3 (Caffeine): end 2.05 → 2.11 min, area
 * 136.9 → 139.2 mAU·s"), one change per peak group; null for entries written before peaks carried numbers.
 */
function integrationChanges(row: AuditRow): AuditChange[] | null {
  if (row.entity !== 'processing_results' || !row.action.startsWith('integration_')) return null;
  const before = isRecord(row.old_values) && Array.isArray(row.old_values.peaks) ? row.old_values.peaks : [];
  const after = isRecord(row.new_values) && Array.isArray(row.new_values.peaks) ? row.new_values.peaks : [];
  const unit = isRecord(row.new_values) && typeof row.new_values.unit === 'string' ? row.new_values.unit : '';
  const lines = integrationAuditLines(before as AuditedPeak[], after as AuditedPeak[], unit);
  if (lines === null) return null;
  return lines.map((line) => {
    const split = line.indexOf(': ');
    return split < 0
      ? { field: 'peaks', label: 'Peaks', old: null, new: line }
      : { field: 'peaks', label: line.slice(0, split), old: null, new: line.slice(split + 2) };
  });
}

export function describeAuditRow(row: AuditRow, names?: ReferenceNames): AuditEntry {
  const integration = integrationChanges(row);
  const changes = integration ?? changesOf(row.entity, row.old_values, row.new_values, names);
  const kind = kindOf(row);
  const action = actionLabel(row.action);
  return {
    id: Number(row.id),
    chain_seq: Number(row.chain_seq),
    at: new Date(row.at).toISOString(),
    user:
      row.user_id === null
        ? null
        : { id: row.user_id, email: row.user_email, name: names?.users.get(String(row.user_id)) ?? null },
    entity: row.entity,
    entity_label: kind,
    entity_id: row.entity_id,
    label: row.label,
    action: row.action,
    action_label: action,
    summary: integration
      ? `${integration.map((c) => (c.label === 'Peaks' ? c.new : `${c.label}: ${c.new}`)).join('; ')}${row.reason ? ` — reason: ${row.reason}` : ''}`
      : summaryOf(action, kind, row, changes),
    changes,
    reason: row.reason,
    hash: row.hash,
  };
}

/** The ids of instruments, methods, samples and templates the rows' values point to. */
function referencedIds(rows: AuditRow[]): ReferencedIds {
  const ids = {
    devices: new Set<number>(),
    methods: new Set<number>(),
    samples: new Set<number>(),
    users: new Set<number>(),
  };
  const templates = new Set<string>();
  for (const row of rows) {
    if (row.user_id !== null) ids.users.add(row.user_id);
    for (const values of [row.old_values, row.new_values]) {
      if (!isRecord(values)) continue;
      for (const [field, value] of Object.entries(values)) {
        const kind = referenceKinds[field];
        if (kind === 'templates' && typeof value === 'string') templates.add(value);
        else if (kind && kind !== 'templates' && typeof value === 'number' && Number.isInteger(value))
          ids[kind].add(value);
      }
    }
  }
  return {
    devices: [...ids.devices],
    methods: [...ids.methods],
    samples: [...ids.samples],
    templates: [...templates].filter((uuid) => /^[0-9a-f-]{36}$/i.test(uuid)),
    users: [...ids.users],
  };
}

/** Rows as readable entries, the objects their values point to named from `workspaceId`'s objects. */
export async function describeAuditRows(
  db: Kysely<Database>,
  workspaceId: number,
  rows: AuditRow[],
): Promise<AuditEntry[]> {
  const names = await referenceNames(db, workspaceId, referencedIds(rows));
  return rows.map((row) => describeAuditRow(row, names));
}
