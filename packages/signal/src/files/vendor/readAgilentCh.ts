import { normaliseSignalUnit, type Chromatogram } from '../chromatogram.ts';
import { ChromatogramFileError } from '../fileError.ts';
import { decodeDelta, decodeDoubleDelta, decodeFloat64, type DecodedSamples } from './agilentDecoders.ts';
import { channelLayout, dataStart, readHeaderStrings, type AgilentLayout } from './agilentLayout.ts';
import { ByteReader } from './byteReader.ts';

function decode(reader: ByteReader, layout: AgilentLayout, start: number): DecodedSamples {
  switch (layout.encoding) {
    case 'delta':
      return decodeDelta(reader, start);
    case 'doubleDelta':
      return decodeDoubleDelta(reader, start);
    case 'float64':
      return decodeFloat64(reader, start);
  }
}

/** Times of `count` evenly spaced samples from the header's first and last time (milliseconds). */
function timeAxis(reader: ByteReader, layout: AgilentLayout, count: number): Float64Array {
  const read = layout.timeType === 'int32' ? reader.i32.bind(reader) : reader.f32.bind(reader);
  const firstMs = read(0x11a, false, 'start time');
  const lastMs = read(0x11e, false, 'end time');
  if (!Number.isFinite(firstMs) || !Number.isFinite(lastMs) || (count > 1 && !(lastMs > firstMs))) {
    throw reader.corrupt(`the time range ${firstMs}–${lastMs} ms in the header is not increasing`);
  }
  const stepMs = count > 1 ? (lastMs - firstMs) / (count - 1) : 0;
  const timeSec = new Float64Array(count);
  for (let i = 0; i < count; i++) timeSec[i] = (firstMs + i * stepMs) / 1000;
  return timeSec;
}

/**
 * Reads one Agilent ChemStation/OpenLab signal file (`.ch`) of file version 8, 30, 81, 130, 179 or 181:
 * samples scaled to the signal unit, evenly spaced times in seconds between the header's start and end
 * times, and the header's sample, method, operator, date and signal description (docs/formats.md).
 * @throws ChromatogramFileError `vendor_version` naming an unknown version, `vendor_corrupt` naming the part
 * of a damaged or truncated file.
 */
export function readAgilentCh(bytes: Uint8Array): Chromatogram {
  if (bytes.length === 0) throw new ChromatogramFileError('empty', 'The file is empty');
  const probe = new ByteReader(bytes, 'Agilent .ch');
  const layout = channelLayout(probe, '.ch');
  const reader = new ByteReader(bytes, `Agilent .ch version ${layout.version}`);
  const start = dataStart(reader);
  const { raw } = decode(reader, layout, start);
  if (raw.length < 2)
    throw new ChromatogramFileError('no_data', `${reader.format}: the file holds no samples`);
  const scaling = reader.f64(layout.scalingOffset, false, 'scaling factor');
  if (!Number.isFinite(scaling) || scaling === 0) {
    throw reader.corrupt(`the scaling factor ${scaling} is not a finite non-zero number`);
  }
  const values = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const value = (raw[i] as number) * scaling;
    if (!Number.isFinite(value)) throw reader.corrupt(`sample ${i + 1} is not a finite number`);
    values[i] = value;
  }
  const metadata = readHeaderStrings(reader, layout);
  metadata.file_format = reader.format;
  const unit = metadata.unit ?? '';
  delete metadata.unit;
  return {
    timeSec: timeAxis(reader, layout, values.length),
    values,
    signalUnit: normaliseSignalUnit(unit),
    metadata,
    dropouts: { count: 0, rangeCount: 0, bridgedRanges: [] },
    notes: [],
  };
}
