import { normaliseSignalUnit, type Chromatogram } from '../chromatogram.ts';
import { ChromatogramFileError } from '../fileError.ts';
import { ByteReader } from './byteReader.ts';

/**
 * MassLynx `.INF`/`.DAT` tables share one header: uint16 LE header size, uint16 table version, uint16
 * record size, uint16 field count, then 48-byte field descriptors from 0x20 (uint16 index, uint16 type,
 * name, and at +0x20 the field's size in bytes). Records follow the header.
 */
interface MasslynxTable {
  headerBytes: number;
  recordBytes: number;
  fields: { name: string; type: number; bytes: number }[];
}

const FIELD_DESCRIPTOR_BYTES = 0x30;
const KNOWN_TABLE_VERSION = 1;

function readTable(reader: ByteReader): MasslynxTable {
  const headerBytes = reader.u16(0, true, 'header size');
  const version = reader.u16(2, true, 'table version');
  const recordBytes = reader.u16(4, true, 'record size');
  const fieldCount = reader.u16(6, true, 'field count');
  if (version !== KNOWN_TABLE_VERSION) {
    throw new ChromatogramFileError(
      'vendor_version',
      `${reader.format}: table version ${version} is not supported (known: ${KNOWN_TABLE_VERSION})`,
    );
  }
  if (headerBytes < 0x20 + fieldCount * FIELD_DESCRIPTOR_BYTES || recordBytes === 0 || fieldCount === 0) {
    throw reader.corrupt(
      `the header (${headerBytes} bytes, ${fieldCount} fields of ${recordBytes} bytes) is not valid`,
    );
  }
  reader.need(0, headerBytes, 'header');
  const fields = [];
  let total = 0;
  for (let i = 0; i < fieldCount; i++) {
    const at = 0x20 + i * FIELD_DESCRIPTOR_BYTES;
    const bytes = reader.u16(at + 0x20, true, 'field size');
    fields.push({ name: reader.asciiz(at + 6, 0x1a), type: reader.u16(at + 2, true, 'field type'), bytes });
    total += bytes;
  }
  if (total !== recordBytes) {
    throw reader.corrupt(`its fields take ${total} bytes, its records ${recordBytes}`);
  }
  return { headerBytes, recordBytes, fields };
}

function recordCount(reader: ByteReader, table: MasslynxTable): number {
  const size = reader.length - table.headerBytes;
  if (size % table.recordBytes !== 0) {
    throw reader.corrupt(
      `the file is truncated, its ${size} bytes after the header are not whole ${table.recordBytes}-byte records`,
    );
  }
  return size / table.recordBytes;
}

/** One analog trace as `_CHROMS.INF` describes it. */
export interface WatersTraceDescription {
  /** "System Pressure", "% B", "Channel 1"… */
  name: string;
  /** The unit after the description's `$CC$` fields ('' when there is none). */
  unit: string;
  /** The description's further `$CC$` fields as found (the first is a factor, kept as text, not applied). */
  fields: string[];
}

/**
 * Reads `_CHROMS.INF`: one record per `_CHROnnn.DAT` (in order), a flags field and a description: the
 * trace's name, optionally followed by a NUL and `$CC$,factor,…,unit`.
 */
export function readWatersChromsInf(bytes: Uint8Array): WatersTraceDescription[] {
  const reader = new ByteReader(bytes, 'Waters _CHROMS.INF');
  const table = readTable(reader);
  const description = table.fields.findIndex((field) => field.name === 'Description');
  if (description < 0) throw reader.corrupt('it has no Description field');
  const offset = table.fields.slice(0, description).reduce((sum, field) => sum + field.bytes, 0);
  const count = recordCount(reader, table);
  const traces: WatersTraceDescription[] = [];
  for (let i = 0; i < count; i++) {
    const at = table.headerBytes + i * table.recordBytes + offset;
    const size = table.fields[description]!.bytes;
    const name = reader.asciiz(at, size).trim();
    const rest = reader.asciiz(at + name.length + 1, size - name.length - 1);
    const parts = rest.startsWith('$CC$') ? rest.split(',').slice(1) : [];
    traces.push({ name, unit: parts.length >= 5 ? (parts[4] ?? '').trim() : '', fields: parts });
  }
  return traces;
}

/**
 * Reads one `_CHROnnn.DAT` analog trace: records of a float32 LE time in minutes and a float32 LE value.
 * `description` (from `_CHROMS.INF`) names the trace and its unit.
 */
export function readWatersTrace(bytes: Uint8Array, description?: WatersTraceDescription): Chromatogram {
  if (bytes.length === 0) throw new ChromatogramFileError('empty', 'The file is empty');
  const reader = new ByteReader(bytes, 'Waters _CHRO.DAT');
  const table = readTable(reader);
  const layout = table.fields.map((field) => `${field.name}:${field.bytes}`).join(',');
  if (layout !== 'Time:4,Intensity:4') {
    throw new ChromatogramFileError(
      'vendor_version',
      `${reader.format}: the record layout ${layout} is not supported (known: Time:4,Intensity:4)`,
    );
  }
  const count = recordCount(reader, table);
  if (count < 2) throw new ChromatogramFileError('no_data', `${reader.format}: the file holds no samples`);
  const timeSec = new Float64Array(count);
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const at = table.headerBytes + i * table.recordBytes;
    const minutes = reader.f32(at, true, 'samples');
    const value = reader.f32(at + 4, true, 'samples');
    if (!Number.isFinite(minutes) || !Number.isFinite(value)) {
      throw reader.corrupt(`sample ${i + 1} is not a finite number`);
    }
    if (i > 0 && !(minutes * 60 > (timeSec[i - 1] as number))) {
      throw reader.corrupt(`sample ${i + 1} is not later than the one before it`);
    }
    timeSec[i] = minutes * 60;
    values[i] = value;
  }
  const metadata: Record<string, string> = { file_format: reader.format };
  if (description?.name) metadata.signal_description = description.name;
  return {
    timeSec,
    values,
    signalUnit: normaliseSignalUnit(description?.unit ?? ''),
    metadata,
    dropouts: { count: 0, rangeCount: 0, bridgedRanges: [] },
    notes: [],
  };
}

/** Run facts of `_HEADER.TXT` (`$$ Key: value` lines), with the common ones under Eluent's metadata names. */
export function readWatersHeader(text: string): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\$\$ ([^:]+):\s?(.*)$/.exec(line);
    if (match && match[2]!.trim()) facts[match[1]!.trim()] = match[2]!.trim();
  }
  const metadata: Record<string, string> = {};
  const pick = (name: string, key: string) => {
    if (facts[key]) metadata[name] = facts[key];
  };
  pick('sample_name', 'Acquired Name');
  pick('sample_id', 'SampleID');
  pick('sample_description', 'Sample Description');
  pick('operator', 'User Name');
  pick('instrument', 'Instrument');
  pick('vial_position', 'Bottle Number');
  pick('method_name', 'Inlet Method');
  pick('ms_method_name', 'MS Method');
  pick('job_code', 'Job Code');
  if (facts['Acquired Date']) {
    metadata.acquisition_date = `${facts['Acquired Date']}${facts['Acquired Time'] ? ` ${facts['Acquired Time']}` : ''}`;
  }
  return metadata;
}
