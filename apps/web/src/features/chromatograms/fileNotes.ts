// What the file reader bridged or skipped on import (stored in the measurement's metadata by the server).

/** The reader's notes of an imported file, one sentence each; none for a measurement from an instrument. */
export function fileNotes(metadata: unknown): string[] {
  if (typeof metadata !== 'object' || metadata === null) return [];
  const notes = (metadata as { notes?: unknown }).notes;
  return Array.isArray(notes) ? notes.filter((note): note is string => typeof note === 'string') : [];
}
