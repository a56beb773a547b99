import { utf8Encode } from './textCodec.ts';

/** Minimal netCDF-3 classic encoder (no record variables), enough for AIA/ANDI chromatography files. */
export type Netcdf3Type = 'char' | 'short' | 'int' | 'float' | 'double';

export interface Netcdf3Attribute {
  name: string;
  type: Netcdf3Type;
  value: string | readonly number[];
}

export interface Netcdf3Variable {
  name: string;
  dimensions: readonly string[];
  type: Netcdf3Type;
  attributes?: readonly Netcdf3Attribute[];
  /** Numbers for numeric types; for `char`, one string per row of the leading dimensions. */
  data: ArrayLike<number> | readonly string[];
}

export interface Netcdf3File {
  dimensions: readonly { name: string; size: number }[];
  attributes: readonly Netcdf3Attribute[];
  variables: readonly Netcdf3Variable[];
}

const typeCode: Record<Netcdf3Type, number> = { char: 2, short: 3, int: 4, float: 5, double: 6 };
const typeSize: Record<Netcdf3Type, number> = { char: 1, short: 2, int: 4, float: 4, double: 8 };
const pad4 = (size: number) => (size + 3) & ~3;

class ByteWriter {
  private bytes = new Uint8Array(1024);
  private view = new DataView(this.bytes.buffer);
  length = 0;
  private reserve(extra: number) {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes);
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
  int32(value: number) {
    this.reserve(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
  }
  raw(bytes: Uint8Array) {
    this.reserve(pad4(bytes.length));
    this.bytes.set(bytes, this.length);
    this.length += pad4(bytes.length);
  }
  values(type: Netcdf3Type, values: ArrayLike<number>) {
    const size = typeSize[type];
    this.reserve(pad4(values.length * size));
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      const at = this.length + i * size;
      if (type === 'short') this.view.setInt16(at, value);
      else if (type === 'int') this.view.setInt32(at, value);
      else if (type === 'float') this.view.setFloat32(at, value);
      else if (type === 'double') this.view.setFloat64(at, value);
      else this.view.setUint8(at, value);
    }
    this.length += pad4(values.length * size);
  }
  result() {
    return this.bytes.slice(0, this.length);
  }
}

function writeName(writer: ByteWriter, name: string) {
  const bytes = utf8Encode(name);
  writer.int32(bytes.length);
  writer.raw(bytes);
}

function writeAttributes(writer: ByteWriter, attributes: readonly Netcdf3Attribute[]) {
  if (attributes.length === 0) {
    writer.int32(0);
    writer.int32(0);
    return;
  }
  writer.int32(0x0c);
  writer.int32(attributes.length);
  for (const attribute of attributes) {
    writeName(writer, attribute.name);
    writer.int32(typeCode[attribute.type]);
    if (typeof attribute.value === 'string') {
      const bytes = utf8Encode(attribute.value);
      writer.int32(bytes.length);
      writer.raw(bytes);
    } else {
      writer.int32(attribute.value.length);
      writer.values(attribute.type, attribute.value);
    }
  }
}

function variableBytes(file: Netcdf3File, variable: Netcdf3Variable): Uint8Array {
  const sizes = variable.dimensions.map((name) => {
    const dimension = file.dimensions.find((d) => d.name === name);
    if (!dimension) throw new Error(`netCDF variable ${variable.name} uses unknown dimension ${name}`);
    return dimension.size;
  });
  const count = sizes.reduce((product, size) => product * size, 1);
  const writer = new ByteWriter();
  if (variable.type === 'char') {
    const rowLength = sizes[sizes.length - 1] ?? 1;
    const rows = variable.data as readonly string[];
    const bytes = new Uint8Array(count);
    rows.forEach((row, index) => bytes.set(utf8Encode(row).slice(0, rowLength), index * rowLength));
    writer.raw(bytes);
  } else {
    const data = variable.data as ArrayLike<number>;
    if (data.length !== count) {
      throw new Error(`netCDF variable ${variable.name} has ${data.length} values for ${count} cells`);
    }
    writer.values(variable.type, data);
  }
  return writer.result();
}

function header(file: Netcdf3File, blocks: Uint8Array[], offsets: number[]): Uint8Array {
  const writer = new ByteWriter();
  writer.raw(new Uint8Array([0x43, 0x44, 0x46, 0x01]));
  writer.int32(0);
  writer.int32(0x0a);
  writer.int32(file.dimensions.length);
  for (const dimension of file.dimensions) {
    writeName(writer, dimension.name);
    writer.int32(dimension.size);
  }
  writeAttributes(writer, file.attributes);
  writer.int32(0x0b);
  writer.int32(file.variables.length);
  file.variables.forEach((variable, index) => {
    writeName(writer, variable.name);
    writer.int32(variable.dimensions.length);
    for (const name of variable.dimensions) writer.int32(file.dimensions.findIndex((d) => d.name === name));
    writeAttributes(writer, variable.attributes ?? []);
    writer.int32(typeCode[variable.type]);
    writer.int32((blocks[index] as Uint8Array).length);
    writer.int32(offsets[index] ?? 0);
  });
  return writer.result();
}

/**
 * Encodes a netCDF-3 classic file (big-endian, 4-byte padding, 32-bit offsets).
 * Record (unlimited) dimensions are not supported: every dimension needs a size of at least 1.
 */
export function encodeNetcdf3(file: Netcdf3File): Uint8Array {
  for (const dimension of file.dimensions) {
    if (!(dimension.size >= 1)) throw new Error(`netCDF dimension ${dimension.name} must have a size ≥ 1`);
  }
  const blocks = file.variables.map((variable) => variableBytes(file, variable));
  // The header length does not depend on the offset values, so measure it once with zeros.
  const headerLength = header(file, blocks, []).length;
  const offsets: number[] = [];
  let position = headerLength;
  for (const block of blocks) {
    offsets.push(position);
    position += block.length;
  }
  const result = new Uint8Array(position);
  result.set(header(file, blocks, offsets), 0);
  blocks.forEach((block, index) => result.set(block, offsets[index]));
  return result;
}
