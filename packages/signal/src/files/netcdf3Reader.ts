import { ChromatogramFileError } from './fileError.ts';

/**
 * Minimal netCDF-3 reader (classic and 64-bit-offset formats), enough for AIA/ANDI chromatography files.
 * Numeric variables are read straight from the file bytes into one Float64Array (no intermediate arrays);
 * every offset is checked against the file length so a truncated or foreign file gives a one-line
 * ChromatogramFileError instead of a runtime's range error.
 */
export interface Netcdf3Attribute {
  name: string;
  /** Text for `char` attributes (cut at the first NUL), numbers otherwise. */
  value: string | number[];
}

export interface Netcdf3Variable {
  name: string;
  /** Dimension sizes; the record dimension counts the file's records. */
  shape: number[];
  type: number;
  attributes: Netcdf3Attribute[];
  begin: number;
  record: boolean;
}

const BYTE = 1;
const CHAR = 2;
const SHORT = 3;
const INT = 4;
const FLOAT = 5;
const DOUBLE = 6;
const typeSize: Record<number, number> = {
  [BYTE]: 1,
  [CHAR]: 1,
  [SHORT]: 2,
  [INT]: 4,
  [FLOAT]: 4,
  [DOUBLE]: 8,
};
const NC_DIMENSION = 0x0a;
const NC_VARIABLE = 0x0b;
const NC_ATTRIBUTE = 0x0c;
const pad4 = (size: number) => Math.ceil(size / 4) * 4;

const notAia = (reason: string) => new ChromatogramFileError('not_aia', `Not a valid AIA file: ${reason}`);
const truncated = (reason: string) =>
  new ChromatogramFileError('truncated', `Not a valid AIA file: it is truncated (${reason})`);

/** Latin-1 text of bytes up to the first NUL: AIA text is ASCII, vendors put garbage after a NUL. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    if (byte === 0) break;
    text += String.fromCharCode(byte);
  }
  return text;
}

class HeaderCursor {
  private readonly view: DataView;
  position = 0;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(size: number) {
    if (this.position + size > this.bytes.length) truncatedHeader();
  }
  int32(): number {
    this.need(4);
    const value = this.view.getInt32(this.position);
    this.position += 4;
    return value;
  }
  /** A count or size: a non-negative int32 that cannot exceed what the rest of the file could hold. */
  count(what: string, bytesEach = 1): number {
    const value = this.int32();
    if (value < 0) throw notAia(`negative ${what}`);
    if (value * bytesEach > this.bytes.length - this.position) truncatedHeader();
    return value;
  }
  offset(version: number): number {
    if (version === 1) return this.int32() >>> 0;
    const high = this.int32() >>> 0;
    const low = this.int32() >>> 0;
    return high * 2 ** 32 + low;
  }
  bytesOf(size: number): Uint8Array {
    this.need(size);
    const slice = this.bytes.subarray(this.position, this.position + size);
    this.position += pad4(size);
    return slice;
  }
  name(): string {
    return latin1(this.bytesOf(this.count('name length')));
  }
  values(type: number, count: number): string | number[] {
    const size = typeSize[type];
    if (size === undefined) throw notAia(`unknown data type ${type}`);
    const bytes = this.bytesOf(count * size);
    if (type === CHAR) return latin1(bytes).trim();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return Array.from({ length: count }, (_, i) => readValue(view, type, i * size));
  }
}

function truncatedHeader(): never {
  throw truncated('the file ends inside its header');
}

function readValue(view: DataView, type: number, at: number): number {
  if (type === FLOAT) return view.getFloat32(at);
  if (type === DOUBLE) return view.getFloat64(at);
  if (type === SHORT) return view.getInt16(at);
  if (type === INT) return view.getInt32(at);
  return view.getInt8(at);
}

function list(cursor: HeaderCursor, tag: number, what: string): number {
  const found = cursor.int32();
  const count = cursor.int32();
  if (found === 0 && count === 0) return 0;
  if (found !== tag) throw notAia(`the header has no ${what} list where one belongs`);
  if (count < 0) throw notAia(`negative number of ${what}`);
  return count;
}

function attributes(cursor: HeaderCursor): Netcdf3Attribute[] {
  const count = list(cursor, NC_ATTRIBUTE, 'attributes');
  return Array.from({ length: count }, () => {
    const name = cursor.name();
    const type = cursor.int32();
    const size = typeSize[type];
    if (size === undefined) throw notAia(`attribute ${name} has unknown data type ${type}`);
    return { name, value: cursor.values(type, cursor.count(`length of ${name}`, size)) };
  });
}

export class Netcdf3Reader {
  readonly dimensions: { name: string; size: number }[] = [];
  readonly attributes: Netcdf3Attribute[];
  readonly variables: Netcdf3Variable[] = [];
  private readonly view: DataView;
  private readonly recordCount: number;
  private recordSize = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length < 4) truncatedHeader();
    if (bytes[0] !== 0x43 || bytes[1] !== 0x44 || bytes[2] !== 0x46) throw notAia('no netCDF signature');
    const version = bytes[3] as number;
    if (version === 5) throw notAia('netCDF-5 (CDF-5) is not supported; export AIA as netCDF-3');
    if (version !== 1 && version !== 2) throw notAia(`unknown netCDF version ${version}`);
    const cursor = new HeaderCursor(bytes);
    cursor.position = 4;
    const records = cursor.int32();
    // -1 is "streaming": the writer did not update the count; nothing after the header can be trusted.
    if (records < 0) throw truncated('the record count was never written');
    this.recordCount = records;
    const dimensionCount = list(cursor, NC_DIMENSION, 'dimensions');
    let recordDimension = -1;
    for (let i = 0; i < dimensionCount; i++) {
      const name = cursor.name();
      const size = cursor.int32();
      if (size < 0) throw notAia(`dimension ${name} has a negative size`);
      if (size === 0) recordDimension = i;
      this.dimensions.push({ name, size: size === 0 ? records : size });
    }
    this.attributes = attributes(cursor);
    const variableCount = list(cursor, NC_VARIABLE, 'variables');
    const recordSizes: number[] = [];
    for (let i = 0; i < variableCount; i++) {
      const name = cursor.name();
      const ids = Array.from({ length: cursor.count('dimension count', 4) }, () => cursor.int32());
      const shape = ids.map((id) => {
        const dimension = this.dimensions[id];
        if (!dimension) throw notAia(`variable ${name} uses an unknown dimension`);
        return dimension.size;
      });
      const variableAttributes = attributes(cursor);
      const type = cursor.int32();
      if (typeSize[type] === undefined) throw notAia(`variable ${name} has unknown data type ${type}`);
      const vsize = cursor.int32() >>> 0;
      const begin = cursor.offset(version);
      const record = ids.length > 0 && ids[0] === recordDimension;
      if (record) recordSizes.push(vsize);
      this.variables.push({ name, shape, type, attributes: variableAttributes, begin, record });
    }
    const recordVariables = this.variables.filter((variable) => variable.record);
    // A file with a single record variable stores its records without padding (netCDF classic spec).
    this.recordSize =
      recordVariables.length === 1
        ? this.cellsPerRecord(recordVariables[0] as Netcdf3Variable) *
          (typeSize[(recordVariables[0] as Netcdf3Variable).type] as number)
        : recordSizes.reduce((sum, size) => sum + size, 0);
  }

  private cellsPerRecord(variable: Netcdf3Variable): number {
    return variable.shape.slice(variable.record ? 1 : 0).reduce((product, size) => product * size, 1);
  }

  variable(name: string): Netcdf3Variable | undefined {
    return this.variables.find((variable) => variable.name === name);
  }

  /** A global attribute by name, case-insensitive. */
  attribute(name: string): Netcdf3Attribute | undefined {
    const lower = name.toLowerCase();
    return this.attributes.find((attribute) => attribute.name.toLowerCase() === lower);
  }

  /** The cells of a numeric variable, in file order. */
  numbers(name: string): Float64Array | undefined {
    const variable = this.variable(name);
    if (!variable) return undefined;
    if (variable.type === CHAR) throw notAia(`${name} holds text where numbers belong`);
    const size = typeSize[variable.type] as number;
    const perRecord = this.cellsPerRecord(variable);
    const records = variable.record ? this.recordCount : 1;
    const out = new Float64Array(perRecord * records);
    for (let record = 0; record < records; record++) {
      const start = variable.begin + record * this.recordSize;
      this.check(name, start + perRecord * size);
      const base = record * perRecord;
      const view = this.view;
      if (variable.type === FLOAT) {
        for (let i = 0; i < perRecord; i++) out[base + i] = view.getFloat32(start + i * 4);
      } else {
        for (let i = 0; i < perRecord; i++) out[base + i] = readValue(view, variable.type, start + i * size);
      }
    }
    return out;
  }

  /** The rows of a `char` variable along its last dimension, each cut at its first NUL and trimmed. */
  strings(name: string): string[] | undefined {
    const variable = this.variable(name);
    if (!variable) return undefined;
    if (variable.type !== CHAR) throw notAia(`${name} holds numbers where text belongs`);
    const rowLength = variable.shape.length > 0 ? (variable.shape[variable.shape.length - 1] as number) : 1;
    const perRecord = this.cellsPerRecord(variable);
    const records = variable.record ? this.recordCount : 1;
    const rows: string[] = [];
    for (let record = 0; record < records; record++) {
      const start = variable.begin + record * this.recordSize;
      this.check(name, start + perRecord);
      for (let at = 0; at + rowLength <= perRecord && rowLength > 0; at += rowLength) {
        rows.push(latin1(this.bytes.subarray(start + at, start + at + rowLength)).trim());
      }
    }
    return rows;
  }

  private check(name: string, end: number) {
    if (end > this.bytes.length) {
      throw truncated(`${name} needs ${end} bytes, the file has ${this.bytes.length}`);
    }
  }
}
