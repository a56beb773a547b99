import { describe, expect, it } from 'vitest';
import { findPeaks, type FindPeaksOptions, type PeakCondition } from '../src/peaks/findPeaks.ts';
import { peakProminences } from '../src/peaks/peakProminences.ts';
import { peakWidths } from '../src/peaks/peakWidths.ts';
import { readFixture } from './files.ts';

interface OracleCase {
  signal: string;
  function?: string;
  options?: Record<string, number | [number, number]>;
  peaks: number[];
  properties?: Record<string, number[]>;
  prominences?: number[][];
  prominences_wlen25?: number[][];
  widths_half?: number[][];
  widths_full?: number[][];
}

const oracle = JSON.parse(readFixture('find_peaks_oracle.json')) as {
  signals: Record<string, number[]>;
  cases: OracleCase[];
};

const propertyNames: Record<string, string> = {
  plateau_sizes: 'plateauSizes',
  left_edges: 'leftEdges',
  right_edges: 'rightEdges',
  peak_heights: 'peakHeights',
  left_thresholds: 'leftThresholds',
  right_thresholds: 'rightThresholds',
  prominences: 'prominences',
  left_bases: 'leftBases',
  right_bases: 'rightBases',
  widths: 'widths',
  width_heights: 'widthHeights',
  left_ips: 'leftIps',
  right_ips: 'rightIps',
};

function condition(value: number | [number, number] | undefined): PeakCondition | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? { min: value[0], max: value[1] } : value;
}

function toOptions(options: Record<string, number | [number, number]>): FindPeaksOptions {
  return {
    height: condition(options.height),
    threshold: condition(options.threshold),
    distance: options.distance as number | undefined,
    prominence: condition(options.prominence),
    width: condition(options.width),
    wlen: options.wlen as number | undefined,
    relHeight: options.rel_height as number | undefined,
    plateauSize: condition(options.plateau_size),
  };
}

function expectClose(actual: ArrayLike<number>, expected: number[]) {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, 9);
}

describe('findPeaks against the scipy oracle', () => {
  for (const testCase of oracle.cases.filter((c) => !c.function)) {
    it(`${testCase.signal} ${JSON.stringify(testCase.options)}`, () => {
      const values = Float64Array.from(oracle.signals[testCase.signal]!);
      const result = findPeaks(values, toOptions(testCase.options!));
      expect(Array.from(result.peaks)).toEqual(testCase.peaks);
      for (const [name, expected] of Object.entries(testCase.properties!)) {
        const actual = (result.properties as Record<string, ArrayLike<number>>)[propertyNames[name]!];
        expect(actual, name).toBeDefined();
        expectClose(actual!, expected);
      }
    });
  }
  for (const testCase of oracle.cases.filter((c) => c.function)) {
    it(`${testCase.signal} peakProminences and peakWidths on every maximum`, () => {
      const values = Float64Array.from(oracle.signals[testCase.signal]!);
      const whole = peakProminences(values, testCase.peaks);
      expectClose(whole.prominences, testCase.prominences![0]!);
      expect(Array.from(whole.leftBases)).toEqual(testCase.prominences![1]);
      expect(Array.from(whole.rightBases)).toEqual(testCase.prominences![2]);
      const windowed = peakProminences(values, testCase.peaks, 25);
      expectClose(windowed.prominences, testCase.prominences_wlen25![0]!);
      expect(Array.from(windowed.leftBases)).toEqual(testCase.prominences_wlen25![1]);
      const half = peakWidths(values, testCase.peaks);
      expectClose(half.widths, testCase.widths_half![0]!);
      expectClose(half.leftIps, testCase.widths_half![2]!);
      const full = peakWidths(values, testCase.peaks, { relHeight: 1 });
      expectClose(full.widths, testCase.widths_full![0]!);
      expectClose(full.rightIps, testCase.widths_full![3]!);
    });
  }
});
