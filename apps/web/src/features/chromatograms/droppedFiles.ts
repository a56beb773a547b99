// The files of a drop on the import area: plain files as they are, and a dropped folder (a .D or .raw run)
// walked to its files, each with its path in the folder ("brown.D/dad1A.ch") as a directory upload names it.
import type { ImportFile } from './importMeasurement.ts';

/** Bounds the walk of a dropped tree: a run folder has a few dozen files. */
const MAX_FILES = 2000;

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function walk(entry: FileSystemEntry, into: ImportFile[]): Promise<void> {
  if (into.length >= MAX_FILES) return;
  if (entry.isFile) {
    into.push({ file: await fileOf(entry as FileSystemFileEntry), path: entry.fullPath.replace(/^\/+/, '') });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, into);
  }
}

export async function droppedFiles(transfer: DataTransfer): Promise<ImportFile[]> {
  // The entries must be taken while the drop event runs; the files are read after.
  const entries = Array.from(transfer.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry())
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return Array.from(transfer.files, (file) => ({ file }));
  const files: ImportFile[] = [];
  for (const entry of entries) await walk(entry, files);
  return files;
}
