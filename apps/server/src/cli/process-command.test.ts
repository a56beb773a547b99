// `process <file>` prints the peak table with separation codes and the detection settings it applied,
// on a real vendor file; the formatting of applied settings on a known set of values.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processCommand } from './process-command.ts';
import { detectionLines } from './result-report.ts';
import type { DetectionSettings } from '@eluent/contracts';

const AIA_FILE = fileURLToPath(new URL('../../../../../shared/data/aia/WAT_490.CDF', import.meta.url));

async function printed(args: string[]): Promise<{ code: number; out: string[]; errors: string[] }> {
  const out: string[] = [];
  const errors: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((text: unknown) => void out.push(String(text)));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((text: unknown) => void errors.push(String(text)));
  try {
    return { code: await processCommand.run(args), out: out.join('\n').split('\n'), errors };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('detection settings text', () => {
  /** What an automatic default reports, for the lines that add to it. */
  const automatic: DetectionSettings = {
    minProminence: { value: 0.5, automatic: true },
    minHeight: { value: null, automatic: true },
    minWidthSec: { value: 1, automatic: true },
    minDistanceSec: { value: null, automatic: true },
    noiseSd: 0.02,
    noisePeakToPeak: 0.1,
    estimatedPeakWidthSec: 3,
  };

  it('names each minimum with value, unit and where it came from', () => {
    const lines = detectionLines(
      {
        minProminence: { value: 0.012345, automatic: true },
        minHeight: { value: null, automatic: true },
        minWidthSec: { value: 2, automatic: false },
        minDistanceSec: { value: null, automatic: true },
        noiseSd: 0.0004321,
        noisePeakToPeak: 0.002,
        estimatedPeakWidthSec: 3.25,
        quantitationLimit: { signalToNoise: 10, removed: 3 },
      },
      'mAU',
    );
    expect(lines).toEqual([
      'detection settings:',
      '  min prominence: 0.01235 mAU (automatic)',
      '  min height: not needed (automatic)',
      '  min width: 2 s (template)',
      '  min distance: not needed (automatic)',
      '  noise: SD 0.0004321 mAU, p-p 0.002 mAU',
      '  estimated peak width (W50): 3.25 s',
      '  reporting limit: S/N ≥ 10 (automatic), 3 peaks below it left out',
    ]);
  });

  it('says where the noise came from when it was measured between the peaks of a short run', () => {
    const lines = detectionLines({ ...automatic, noiseFromGaps: true }, 'mAU');
    expect(lines).toContain('  noise measured between the peaks (every noise window of the run held one)');
    expect(lines.indexOf('  noise: SD 0.02 mAU, p-p 0.1 mAU')).toBe(
      lines.indexOf('  noise measured between the peaks (every noise window of the run held one)') - 1,
    );
  });

  it('says the noise came from the differences when no baseline was left between the peaks', () => {
    const lines = detectionLines({ ...automatic, noiseFromDifferences: true }, 'mAU');
    expect(lines.some((line) => line.startsWith("  noise read from the samples' 8th differences"))).toBe(
      true,
    );
  });

  it('says which one-sample spikes the automatic default replaced', () => {
    const lines = detectionLines({ ...automatic, spikesSec: [57.68] }, 'mAU');
    expect(lines).toContain("  1 one-sample spike replaced by their neighbours' mean (at 57.68 s)");
  });

  it('says so when detection did not run', () => {
    expect(detectionLines(null, 'mAU')).toEqual([expect.stringMatching(/^detection settings: not reported/)]);
  });
});

// Under CI the vendor files are part of the checkout: a missing file fails rather than skips.
describe.skipIf(!existsSync(AIA_FILE) && !process.env.CI)('npm run eluent -- process (real file)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints every peak with a separation code and the detection settings applied', async () => {
    const { code, out } = await printed([AIA_FILE]);
    expect(code).toBe(0);
    const header = out[0] ?? '';
    expect(header).toMatch(/#\s+code\s+RT \(s\)/);
    const rows = out.filter((line) => /^\s*\d+\s/.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\s*\d+\s+[BVTSN]{2}( N)?\s/);
    expect(out).toContain(
      'codes: B baseline, V valley (drop line), T tangent skim, S shoulder; N negative peak',
    );
    expect(out.some((line) => /^noise \(p-p, noise step\): \S+ AU$/.test(line))).toBe(true);
  });

  it('marks template minimums as the template’s and prints them as given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'eluent-process-'));
    const template = join(folder, 'template.json');
    writeFileSync(
      template,
      JSON.stringify({ peak_detection_min_width: 4, peak_detection_min_prominence: null }),
    );
    try {
      const { code, out } = await printed([AIA_FILE, '--template', template]);
      expect(code).toBe(0);
      expect(out).toContain('  min width: 4 s (template)');
      expect(out.some((line) => /^ {2}min prominence: \S+ AU \(automatic\)$/.test(line))).toBe(true);
      expect(out.some((line) => /^ {2}noise: SD \S+ AU, p-p \S+ AU$/.test(line))).toBe(true);
      expect(out.some((line) => /^ {2}estimated peak width \(W50\): \S+ s$/.test(line))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a template the template schema does not pass, naming the field', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'eluent-process-'));
    const template = join(folder, 'template.json');
    writeFileSync(template, JSON.stringify({ peak_detection_min_width: '4' }));
    try {
      const { code, errors } = await printed([AIA_FILE, '--template', template]);
      expect(code).toBe(1);
      expect(errors).toEqual([
        expect.stringMatching(/^error: template field peak_detection_min_width: .*number/),
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
