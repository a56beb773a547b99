import { normaliseSignalUnit } from '../chromatogram.ts';
import { ChromatogramFileError } from '../fileError.ts';
import { agilentVersion, dataStart, readHeaderStrings, type AgilentLayout } from './agilentLayout.ts';
import { ByteReader } from './byteReader.ts';

/** Spectra of a diode-array run: one spectrum per time, all on the same wavelengths. */
export interface SpectrumCube {
  timeSec: Float64Array;
  wavelengthNm: Float64Array;
  /** Absorbance, row-major: the spectrum at `timeSec[i]` is `absorbance[i·w … i·w + w − 1]`, w wavelengths. */
  absorbance: Float64Array;
  signalUnit: string;
  metadata: Record<string, string>;
}

interface UvLayout extends Omit<AgilentLayout, 'encoding' | 'timeType'> {
  /** Samples as int16 differences along the spectrum (with int32 escapes), or little-endian float64. */
  encoding: 'delta' | 'float64';
}

const shortUvHeader: AgilentLayout['strings'] = {
  file_type: 0x04,
  sample_name: 0x18,
  operator: 0x94,
  acquisition_date: 0xb2,
  detector: 0xd0,
  inlet: 0xda,
  method_name: 0xe4,
  unit: 0x146,
};

const longUvHeader: AgilentLayout['strings'] = {
  file_type: 0x15b,
  sample_name: 0x35a,
  operator: 0x758,
  acquisition_date: 0x957,
  instrument: 0x9bc,
  method_name: 0xa0e,
  unit: 0xc15,
  signal_description: 0xc40,
  vial_position: 0xfd7,
};

function uvLayout(reader: ByteReader): UvLayout {
  const version = agilentVersion(reader);
  if (version === '31') {
    return { version, bytesPerChar: 1, encoding: 'delta', scalingOffset: 0x13e, strings: shortUvHeader };
  }
  if (version === '131') {
    // ChemStation writes "LC DATA FILE" (delta-coded); OpenLab writes "OL DATA FILE" (float64).
    const fileType = reader.pascalString(0x15b, 2);
    if (fileType.startsWith('LC') || fileType.startsWith('OL')) {
      const encoding = fileType.startsWith('OL') ? 'float64' : 'delta';
      return { version, bytesPerChar: 2, encoding, scalingOffset: 0xc0d, strings: longUvHeader };
    }
    throw new ChromatogramFileError(
      'vendor_version',
      `Agilent .uv file version 131 of type ${JSON.stringify(fileType)} is not supported (known: LC, OL)`,
    );
  }
  throw new ChromatogramFileError(
    'vendor_version',
    version
      ? `Agilent .uv file version ${JSON.stringify(version)} is not supported (known: 31, 131)`
      : 'Not an Agilent .uv file: no file version at its start',
  );
}

const RECORD_HEADER_BYTES = 22;
const NEW_VALUE = -0x8000;

/**
 * Reads an Agilent ChemStation/OpenLab diode-array spectra file (`.uv`, version 31 or 131): each record is a
 * 22-byte header (record length, time in ms, first/last wavelength and step in 1/20 nm) and one spectrum;
 * values are scaled by the header's factor (docs/formats.md).
 * @throws ChromatogramFileError `vendor_version` naming an unknown version, `vendor_corrupt` naming the part
 * of a damaged or truncated file.
 */
export function readAgilentUv(bytes: Uint8Array): SpectrumCube {
  if (bytes.length === 0) throw new ChromatogramFileError('empty', 'The file is empty');
  const layout = uvLayout(new ByteReader(bytes, 'Agilent .uv'));
  const reader = new ByteReader(bytes, `Agilent .uv version ${layout.version}`);
  const start = dataStart(reader);
  const spectra = reader.u32(0x116, false, 'spectrum count');
  // The header's end of the spectra (big-endian at 0x104): a shorter file was cut short.
  const dataEnd = reader.u32(0x104, false, 'end of data');
  if (dataEnd > reader.length) {
    throw reader.corrupt(
      `the file is truncated, it ends at byte ${reader.length} before its data does (byte ${dataEnd})`,
    );
  }
  const first = reader.u16(start + 8, true, 'first wavelength') / 20;
  const last = reader.u16(start + 10, true, 'last wavelength') / 20;
  const step = reader.u16(start + 12, true, 'wavelength step') / 20;
  if (!(step > 0) || !(last >= first)) {
    throw reader.corrupt(`the wavelength range ${first}–${last} nm by ${step} nm is not valid`);
  }
  const wavelengths = Math.round((last - first) / step) + 1;
  const bytesPerValue = layout.encoding === 'float64' ? 8 : 2;
  // Each spectrum takes at least its header and one stored value per wavelength: a count beyond the file's
  // size is damage, and is refused before anything is allocated.
  if (
    spectra === 0 ||
    spectra * (RECORD_HEADER_BYTES + wavelengths * bytesPerValue) > reader.length - start
  ) {
    throw reader.corrupt(
      `the header's ${spectra} spectra of ${wavelengths} wavelengths do not fit in the file`,
    );
  }
  const scaling = reader.f64(layout.scalingOffset, false, 'scaling factor');
  if (!Number.isFinite(scaling) || scaling === 0) {
    throw reader.corrupt(`the scaling factor ${scaling} is not a finite non-zero number`);
  }
  const timeSec = new Float64Array(spectra);
  const absorbance = new Float64Array(spectra * wavelengths);
  let at = start;
  for (let row = 0; row < spectra; row++) {
    const recordBytes = reader.u16(at + 2, true, `spectrum ${row + 1}`);
    timeSec[row] = reader.u32(at + 4, true, `spectrum ${row + 1}`) / 1000;
    const rowFirst = reader.u16(at + 8, true, `spectrum ${row + 1}`) / 20;
    const rowLast = reader.u16(at + 10, true, `spectrum ${row + 1}`) / 20;
    if (rowFirst !== first || rowLast !== last) {
      throw reader.corrupt(
        `spectrum ${row + 1} covers ${rowFirst}–${rowLast} nm, the first ${first}–${last} nm`,
      );
    }
    let cursor = at + RECORD_HEADER_BYTES;
    let value = 0;
    for (let column = 0; column < wavelengths; column++) {
      if (layout.encoding === 'float64') {
        value = reader.f64(cursor, true, `spectrum ${row + 1}`);
        cursor += 8;
      } else {
        const delta = reader.i16(cursor, true, `spectrum ${row + 1}`);
        cursor += 2;
        if (delta === NEW_VALUE) {
          value = reader.i32(cursor, true, `spectrum ${row + 1}`);
          cursor += 4;
        } else {
          value += delta;
        }
      }
      absorbance[row * wavelengths + column] = value * scaling;
    }
    if (layout.encoding === 'delta' && cursor - at !== recordBytes) {
      throw reader.corrupt(`spectrum ${row + 1} takes ${cursor - at} bytes, its header says ${recordBytes}`);
    }
    if (row > 0 && !((timeSec[row] as number) > (timeSec[row - 1] as number))) {
      throw reader.corrupt(`spectrum ${row + 1} is not later than the one before it`);
    }
    at = cursor;
  }
  if (at !== dataEnd) throw reader.corrupt(`the spectra end at byte ${at}, the header says ${dataEnd}`);
  const wavelengthNm = new Float64Array(wavelengths);
  for (let i = 0; i < wavelengths; i++) wavelengthNm[i] = first + i * step;
  const metadata = readHeaderStrings(reader, { ...layout, encoding: 'delta', timeType: 'int32' });
  metadata.file_format = reader.format;
  const unit = metadata.unit ?? '';
  delete metadata.unit;
  return { timeSec, wavelengthNm, absorbance, signalUnit: normaliseSignalUnit(unit), metadata };
}

/**
 * The chromatogram of a wavelength band: the mean absorbance over the wavelengths within ±bandwidth/2 of
 * `centreNm` at each time, as a diode-array detector reports a signal such as "Sig=280,10".
 * @throws RangeError when no wavelength of the cube lies in the band.
 */
export function extractBand(
  cube: Pick<SpectrumCube, 'timeSec' | 'wavelengthNm' | 'absorbance'>,
  centreNm: number,
  bandwidthNm: number,
): Float64Array {
  const { wavelengthNm, absorbance, timeSec } = cube;
  const width = wavelengthNm.length;
  const half = bandwidthNm / 2 + 1e-9;
  const columns: number[] = [];
  for (let i = 0; i < width; i++) {
    if (Math.abs((wavelengthNm[i] as number) - centreNm) <= half) columns.push(i);
  }
  if (columns.length === 0) throw new RangeError(`No wavelength within ${centreNm} ± ${bandwidthNm / 2} nm`);
  const band = new Float64Array(timeSec.length);
  for (let row = 0; row < timeSec.length; row++) {
    let sum = 0;
    for (const column of columns) sum += absorbance[row * width + column] as number;
    band[row] = sum / columns.length;
  }
  return band;
}

/** The row of the spectrum recorded nearest to `timeSec` (the earlier one on a tie). */
export function nearestSpectrum(cube: Pick<SpectrumCube, 'timeSec'>, timeSec: number): number {
  const times = cube.timeSec;
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] as number) < timeSec) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && timeSec - (times[low - 1] as number) <= (times[low] as number) - timeSec) return low - 1;
  return low;
}

/**
 * The spectrum recorded nearest to `timeSec`, optionally minus the one nearest to `referenceSec` (a
 * baseline correction against a time without the peak, e.g. its start or end).
 */
export function spectrumAt(
  cube: Pick<SpectrumCube, 'timeSec' | 'wavelengthNm' | 'absorbance'>,
  timeSec: number,
  referenceSec?: number,
): { timeSec: number; referenceSec: number | null; absorbance: Float64Array } {
  const width = cube.wavelengthNm.length;
  const row = nearestSpectrum(cube, timeSec);
  const absorbance = cube.absorbance.slice(row * width, row * width + width);
  if (referenceSec === undefined)
    return { timeSec: cube.timeSec[row] as number, referenceSec: null, absorbance };
  const reference = nearestSpectrum(cube, referenceSec);
  for (let i = 0; i < width; i++)
    absorbance[i] = (absorbance[i] as number) - (cube.absorbance[reference * width + i] as number);
  return {
    timeSec: cube.timeSec[row] as number,
    referenceSec: cube.timeSec[reference] as number,
    absorbance,
  };
}

/**
 * The spectral match factor of two spectra on the same wavelengths: 1000 · r², r the Pearson correlation of
 * their absorbances — 1000 for spectra of one shape at any concentration, 0 for uncorrelated ones. This is
 * the match factor of Agilent OpenLab/ChemStation peak purity and Chromeleon's UV match factor (docs/formats.md
 * "Peak purity"). NaN when either spectrum is flat (no shape to compare) or the lengths differ.
 */
export function spectralMatchFactor(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (n !== b.length || n < 2) return Number.NaN;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i] as number;
    meanB += b[i] as number;
  }
  meanA /= n;
  meanB /= n;
  let cross = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] as number) - meanA;
    const db = (b[i] as number) - meanB;
    cross += da * db;
    squaresA += da * da;
    squaresB += db * db;
  }
  if (!(squaresA > 0) || !(squaresB > 0)) return Number.NaN;
  return (1000 * cross * cross) / (squaresA * squaresB);
}

/** A peak whose up- and down-slope spectra both match its apex spectrum at least this well reads as pure. */
export const PURITY_MATCH_THRESHOLD = 990;
