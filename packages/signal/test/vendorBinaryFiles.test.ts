import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAgilentCh } from '../src/files/vendor/readAgilentCh.ts';
import {
  extractBand,
  nearestSpectrum,
  PURITY_MATCH_THRESHOLD,
  readAgilentUv,
  spectralMatchFactor,
  spectrumAt,
} from '../src/files/vendor/readAgilentUv.ts';
import { readVendorRun } from '../src/files/vendor/readVendorRun.ts';
import { spectrumFromLimits } from '../src/files/vendor/spectrumFromLimits.ts';
import { readWatersChromsInf, readWatersHeader, readWatersTrace } from '../src/files/vendor/waters.ts';
import { utf8Decode } from '../src/files/textCodec.ts';
import { referenceDataDir, readReference } from './files.ts';

const vendorDir = join(referenceDataDir, 'vendor');
const hasVendorData = existsSync(join(vendorDir, 'agilent/brown.D/dad1A.ch'));
if (process.env.CI && !hasVendorData) throw new Error(`CI needs the vendor files in ${vendorDir}`);

function expectedRows(relativePath: string): { minutes: number[]; values: number[] } {
  const lines = utf8Decode(readReference(`vendor/expected/${relativePath}`))
    .trim()
    .split(/\r?\n/)
    .slice(1);
  const minutes: number[] = [];
  const values: number[] = [];
  for (const line of lines) {
    const [time, value] = line.split(',');
    minutes.push(Number(time));
    values.push(Number(value));
  }
  return { minutes, values };
}

/** Times within 1e-6 min; values within the rounding of a float32 (the expected CSVs print float32s). */
function expectMatches(read: { timeSec: Float64Array; values: Float64Array }, relativePath: string) {
  const expected = expectedRows(relativePath);
  expect(read.values.length).toBe(expected.values.length);
  let worstTimeMin = 0;
  let worstValueExcess = -Infinity;
  for (let i = 0; i < expected.values.length; i++) {
    worstTimeMin = Math.max(worstTimeMin, Math.abs((read.timeSec[i] as number) / 60 - expected.minutes[i]!));
    const want = expected.values[i]!;
    const allowed = Math.abs(want) * 2 ** -23 + 1e-12;
    worstValueExcess = Math.max(worstValueExcess, Math.abs((read.values[i] as number) - want) - allowed);
  }
  expect(worstTimeMin).toBeLessThan(1e-6);
  expect(worstValueExcess).toBeLessThanOrEqual(0);
}

const agilentChannels: [string, string, string][] = [
  ...['A', 'B', 'C', 'D', 'E'].map((s): [string, string, string] => [
    'brown.D',
    `dad1${s}.ch`,
    `brown/dad1${s}.csv`,
  ]),
  ['orange.D', 'ADC1A.CH', 'orange/ADC1A.csv'],
  ...['A', 'B', 'C', 'D', 'E', 'F'].map((s): [string, string, string] => [
    'pink.D',
    `DAD1${s}.ch`,
    `pink/DAD1${s}.csv`,
  ]),
];

describe.skipIf(!hasVendorData)('Agilent .ch files read to the independent reader’s values', () => {
  it.each(agilentChannels)('%s/%s', (folder, file, csv) => {
    const read = readAgilentCh(readReference(`vendor/agilent/${folder}/${file}`));
    expectMatches(read, csv);
    expect(read.signalUnit).toBe('mAU');
  });

  it('reads each version’s header: signal, method, sample, date', () => {
    const brown = readAgilentCh(readReference('vendor/agilent/brown.D/dad1D.ch'));
    expect(brown.metadata).toMatchObject({
      file_format: 'Agilent .ch version 30',
      signal_description: 'DAD D, Sig=280,10 Ref=off',
      method_name: 'DD-ALK6B.M',
      acquisition_date: '17-Jun-06, 15:40:38',
    });
    const orange = readAgilentCh(readReference('vendor/agilent/orange.D/ADC1A.CH'));
    expect(orange.metadata).toMatchObject({
      file_format: 'Agilent .ch version 130',
      signal_description: 'ADC1 CHANNEL A',
      method_name: 'PURITY_HPLC.M',
      sample_name: 'blank',
      acquisition_date: '14-Nov-19, 15:08:08',
    });
    const pink = readAgilentCh(readReference('vendor/agilent/pink.D/DAD1D.ch'));
    expect(pink.metadata).toMatchObject({
      file_format: 'Agilent .ch version 179',
      signal_description: 'DAD1D,Sig=280,4  Ref=off',
      acquisition_date: '11-Jun-22, 21:43:07',
      vial_position: 'P2-B9',
    });
  });
});

describe.skipIf(!hasVendorData)('Agilent .uv spectra', () => {
  it('reads 1344 spectra of 190–400 nm', () => {
    const cube = readAgilentUv(readReference('vendor/agilent/brown.D/dad1.uv'));
    expect(cube.timeSec.length).toBe(1344);
    expect(cube.wavelengthNm.length).toBe(211);
    expect([cube.wavelengthNm[0], cube.wavelengthNm[210]]).toEqual([190, 400]);
    expect(cube.signalUnit).toBe('mAU');
    expect(cube.metadata.method_name).toBe('DD-ALK6B.M');
  });

  it('its 280 nm / 10 nm band follows dad1D.ch ("Sig=280,10") sample for sample, up to the balance offset', () => {
    const cube = readAgilentUv(readReference('vendor/agilent/brown.D/dad1.uv'));
    const signal = readAgilentCh(readReference('vendor/agilent/brown.D/dad1D.ch'));
    // Ten 1-nm diodes, 275–284 nm: the band is bandwidth wide, starting half a bandwidth below the centre.
    const band = extractBand(cube, 279.5, 9);
    const stepSec = (signal.timeSec[1] as number) - (signal.timeSec[0] as number);
    const differences: number[] = [];
    for (let i = 0; i < cube.timeSec.length; i++) {
      const index = Math.round(((cube.timeSec[i] as number) - (signal.timeSec[0] as number)) / stepSec);
      expect(Math.abs((signal.timeSec[index] as number) - (cube.timeSec[i] as number))).toBeLessThan(1e-9);
      differences.push((band[i] as number) - (signal.values[index] as number));
    }
    const sorted = [...differences].sort((a, b) => a - b);
    const offset = sorted[Math.floor(sorted.length / 2)]!;
    // A constant of this signal's own, kept in neither file (docs/formats.md): not applied.
    expect(offset).toBeCloseTo(-0.82, 1);
    for (const difference of differences) expect(Math.abs(difference - offset)).toBeLessThan(0.2);
  });

  it("each DAD signal's band differs from it by a constant of its own, so no one stored balance explains it", () => {
    const cube = readAgilentUv(readReference('vendor/agilent/brown.D/dad1.uv'));
    const offsets: Record<string, number> = {};
    for (const [file, centre, expected, spread] of [
      ['dad1A.ch', 254, -0.72, 0.9],
      ['dad1B.ch', 210, 1.1, 3.3],
      ['dad1C.ch', 230, -0.84, 0.9],
      ['dad1D.ch', 280, -0.82, 0.15],
    ] as const) {
      const signal = readAgilentCh(readReference(`vendor/agilent/brown.D/${file}`));
      expect(signal.metadata?.signal_description).toContain(`Sig=${centre},10`);
      const band = extractBand(cube, centre - 0.5, 9);
      const stepSec = (signal.timeSec[1] as number) - (signal.timeSec[0] as number);
      const differences = Array.from(cube.timeSec, (time, i) => {
        const index = Math.round((time - (signal.timeSec[0] as number)) / stepSec);
        return (band[i] as number) - (signal.values[index] as number);
      });
      const offset = [...differences].sort((a, b) => a - b)[differences.length >> 1]!;
      offsets[file] = offset;
      expect(offset, file).toBeCloseTo(expected, 1);
      // Constant over the run: the band follows the signal through its peaks (wider where the spectrum is steep).
      for (const difference of differences) expect(Math.abs(difference - offset), file).toBeLessThan(spread);
    }
    // 210 nm sits 1.9 mAU from the others: a zero stored once for the run could not give both.
    expect(offsets['dad1B.ch']! - offsets['dad1D.ch']!).toBeGreaterThan(1.5);
  });
});

describe.skipIf(!hasVendorData)('Waters .raw analog traces', () => {
  it.each([
    ['indigo', 1, 'Channel 1', ''],
    ['indigo', 2, 'Channel 2', ''],
    ['white', 1, 'System Pressure', 'psi'],
    ['white', 2, '% B', '%'],
  ])('%s.raw _CHRO00%d.DAT (%s)', (run, number, name, unit) => {
    const descriptions = readWatersChromsInf(readReference(`vendor/waters/${run}.raw/_CHROMS.INF`));
    const trace = readWatersTrace(
      readReference(`vendor/waters/${run}.raw/_CHRO00${number}.DAT`),
      descriptions[number - 1],
    );
    expect(trace.metadata.signal_description).toBe(name);
    expect(trace.signalUnit).toBe(unit);
    expectMatches(trace, `${run}/_CHRO00${number}.csv`);
  });

  it('reads the run facts of _HEADER.TXT', () => {
    const facts = readWatersHeader(utf8Decode(readReference('vendor/waters/white.raw/_HEADER.TXT')));
    expect(facts).toMatchObject({
      sample_name: '20210920 B-012',
      sample_id: 'blc',
      acquisition_date: '20-Sep-2021 18:09:55',
      vial_position: '1:1',
    });
  });
});

describe.skipIf(!hasVendorData)('whole run folders', () => {
  const folder = (path: string) =>
    readdirSync(join(vendorDir, path)).map((name) => ({
      name,
      bytes: readReference(`vendor/${path}/${name}`),
    }));

  it('brown.D: five channels named by their signal, the spectra, the run’s date and method', () => {
    const run = readVendorRun(folder('agilent/brown.D'));
    expect(run.channels.map((channel) => channel.name)).toEqual([
      'DAD A, Sig=254,10 Ref=off',
      'DAD B, Sig=210,10 Ref=off',
      'DAD C, Sig=230,10 Ref=off',
      'DAD D, Sig=280,10 Ref=off',
      'DAD E, Sig=230,10 Ref=off',
    ]);
    expect(run.spectra).toHaveLength(1);
    expect(run.metadata).toMatchObject({ method_name: 'DD-ALK6B.M', acquired_at: '2006-06-17T15:40:38' });
  });

  it('white.raw: two traces named by _CHROMS.INF, the sample name of _HEADER.TXT', () => {
    const run = readVendorRun(folder('waters/white.raw'));
    expect(run.channels.map((channel) => channel.name)).toEqual(['System Pressure', '% B']);
    expect(run.metadata).toMatchObject({ sample_name: '20210920 B-012', acquired_at: '2021-09-20T18:09:55' });
  });
});

describe('spectra at a time', () => {
  const cube = {
    timeSec: Float64Array.from([1, 2, 3]),
    wavelengthNm: Float64Array.from([200, 201]),
    absorbance: Float64Array.from([1, 2, 10, 20, 100, 200]),
  };

  it('takes the spectrum recorded nearest to the time, the earlier one on a tie', () => {
    expect([0, 1.4, 1.5, 1.6, 2.9, 9].map((time) => nearestSpectrum(cube, time))).toEqual([0, 0, 0, 1, 2, 2]);
    expect(Array.from(spectrumAt(cube, 2.2).absorbance)).toEqual([10, 20]);
    expect(spectrumAt(cube, 2.2).timeSec).toBe(2);
  });

  it('subtracts the spectrum at a reference time, leaving the cube as it was', () => {
    const corrected = spectrumAt(cube, 3, 1.1);
    expect(Array.from(corrected.absorbance)).toEqual([99, 198]);
    expect(corrected.referenceSec).toBe(1);
    expect(Array.from(cube.absorbance)).toEqual([1, 2, 10, 20, 100, 200]);
  });
});

describe('spectral match factor', () => {
  it('is 1000 for one shape at any concentration and offset-free, lower as the shapes part', () => {
    const shape = [1, 3, 8, 4, 2, 1];
    expect(
      spectralMatchFactor(
        shape,
        shape.map((v) => v * 0.2),
      ),
    ).toBeCloseTo(1000, 9);
    // A second component absorbing at longer wavelengths pulls the match down.
    const mixed = shape.map((v, i) => v + [0, 0, 0, 1, 3, 4][i]!);
    const factor = spectralMatchFactor(shape, mixed);
    expect(factor).toBeLessThan(PURITY_MATCH_THRESHOLD);
    expect(factor).toBeGreaterThan(0);
    // r² by hand for two short spectra: r = −1 → 1000, uncorrelated → 0.
    expect(spectralMatchFactor([1, 2, 3], [3, 2, 1])).toBeCloseTo(1000, 9);
    expect(spectralMatchFactor([1, 0, -1, 0], [0, 1, 0, -1])).toBeCloseTo(0, 9);
    expect(spectralMatchFactor([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it("brown.D's largest 280 nm peak: its slopes' match to the apex spectrum, as measured", () => {
    const cube = readAgilentUv(readReference('vendor/agilent/brown.D/dad1.uv'));
    const band = extractBand(cube, 279.5, 9);
    let apex = 0;
    for (let i = 1; i < band.length; i++) if (band[i]! > band[apex]!) apex = i;
    // The slopes at half the apex height, each baseline-corrected against a spectrum 40 rows (16 s) before.
    const half = (band[apex]! + band[apex - 40]!) / 2;
    let up = apex;
    while (up > 0 && band[up]! > half) up--;
    let down = apex;
    while (down < band.length - 1 && band[down]! > half) down++;
    const base = cube.timeSec[apex - 40]!;
    const at = (row: number) => spectrumAt(cube, cube.timeSec[row]!, base).absorbance;
    expect(spectralMatchFactor(at(apex), at(apex))).toBeCloseTo(1000, 9);
    const figures = [spectralMatchFactor(at(up), at(apex)), spectralMatchFactor(at(down), at(apex))];
    // Apex at 166.15 s, half height at 164.15 s and 168.15 s: the down-slope spectrum parts from the apex one
    // (955, below the 990 threshold: something co-elutes on the tail), the up-slope one only a little (988).
    expect([cube.timeSec[up], cube.timeSec[apex], cube.timeSec[down]]).toEqual([164.15, 166.15, 168.15]);
    expect(figures[0]).toBeCloseTo(988.1, 1);
    expect(figures[1]).toBeCloseTo(955.0, 1);
    // From the peak's limits, 40 rows (16 s) either side: the line between their spectra at each time. The
    // baseline drifts across the peak (the 280 nm band is −12.7 mAU at the start, −12.3 at the end, and the
    // spectra differ more than the band does), so both slopes match a little less: 978.3 and 933.2.
    const [start, end] = [cube.timeSec[apex - 40]!, cube.timeSec[apex + 40]!];
    const limits = (row: number) => spectrumFromLimits(cube, cube.timeSec[row]!, start, end).absorbance;
    expect([start, end]).toEqual([150.15, 182.15]);
    expect(spectralMatchFactor(limits(up), limits(apex))).toBeCloseTo(978.3, 1);
    expect(spectralMatchFactor(limits(down), limits(apex))).toBeCloseTo(933.2, 1);
  });
});
