// What the file reader bridged or skipped on import (stored in the measurement's metadata by the server).

/** The reader's notes of an imported file, one sentence each; none for a measurement from an instrument. */
export function fileNotes(metadata: unknown): string[] {
  if (typeof metadata !== 'object' || metadata === null) return [];
  const notes = (metadata as { notes?: unknown }).notes;
  return Array.isArray(notes) ? notes.filter((note): note is string => typeof note === 'string') : [];
}

/** Run details an imported file names, in the order an analyst looks for them (docs/formats.md). */
const DETAILS: ReadonlyArray<readonly [key: string, label: string]> = [
  ['method_name', 'Method'],
  ['operator', 'Operator'],
  ['instrument', 'Instrument'],
  ['detector_name', 'Detector'],
];

/** The method, operator, instrument and detector the file names, each only when it names one. */
export function fileDetails(metadata: unknown): Array<{ label: string; value: string }> {
  if (typeof metadata !== 'object' || metadata === null) return [];
  const record = metadata as Record<string, unknown>;
  return DETAILS.flatMap(([key, label]) => {
    const value = record[key];
    return typeof value === 'string' && value.trim() !== '' ? [{ label, value: value.trim() }] : [];
  });
}
