// The ASM document of a chromatogram and its peaks validates against the liquid-chromatography schema.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { exportCommand } from '../../cli/process-command.ts';
import { readAgilentCh, writeAsm, type AsmPeak } from '@eluent/signal';
import { asmValidator, hasAsmSchemas } from '../../../test/asm-validator.ts';

const BROWN = new URL('../../../../../../shared/data/vendor/agilent/brown.D/dad1A.ch', import.meta.url);

const peak: AsmPeak = {
  number: 1,
  name: 'caffeine',
  retentionTimeSec: 120,
  startSec: 110,
  endSec: 130,
  area: 250,
  height: 40,
  areaPercent: 100,
  heightPercent: 100,
  widthHalfSec: 4,
  widthBaseSec: 9,
  plates: 5000,
  resolution: null,
};

describe.skipIf(!hasAsmSchemas)('ASM liquid-chromatography documents', () => {
  const validate = asmValidator();
  const input = {
    timeSec: [0, 1, 2, 3],
    values: [0, 1, 0.5, 0],
    signalUnit: 'mAU',
    peaks: [peak],
    measurementIdentifier: 'measurement-1',
    sampleName: 'sample A',
    injectionTime: '2006-06-17T15:40:38Z',
    analyst: 'analyst@example.com',
    methodName: 'DD-ALK6B.M',
    instrument: 'G1315B',
    channelName: 'DAD A, Sig=254,10 Ref=off',
    processing: { templateName: 'Default', version: 1, algorithms: 'detection default' },
    software: { name: 'Eluent', version: '1.21.0' },
  };

  it('validates a UV chromatogram with its peak list', () => {
    const outcome = validate(writeAsm(input));
    expect(outcome.errors).toBe('No errors');
    expect(outcome.valid).toBe(true);
  });

  it('the validator refuses a document without its required injection time', () => {
    const document = writeAsm(input) as any;
    delete document['liquid chromatography aggregate document']['liquid chromatography document'][0][
      'measurement aggregate document'
    ]['measurement document'][0]['injection document']['injection time'];
    expect(validate(document).valid).toBe(false);
  });

  it('validates a voltage chromatogram, and refuses units ASM has no measure for', () => {
    expect(validate(writeAsm({ ...input, signalUnit: 'V', channelName: 'ADC1 CHANNEL A' })).errors).toBe(
      'No errors',
    );
    expect(() => writeAsm({ ...input, signalUnit: 'psi' })).toThrowError(
      /no chromatogram measure for the unit "psi"/,
    );
  });

  it.skipIf(!hasAsmSchemas)('validates the 1351 points of brown.D dad1A.ch', () => {
    const channel = readAgilentCh(new Uint8Array(readFileSync(BROWN)));
    const outcome = validate(writeAsm({ ...input, timeSec: channel.timeSec, values: channel.values }));
    expect(outcome.errors).toBe('No errors');
  });
});

describe.skipIf(!hasAsmSchemas)('npm run eluent -- export <file> out.asm.json', () => {
  it('writes a valid ASM document of an Agilent .ch file with its peaks', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'eluent-asm-'));
    const output = join(folder, 'dad1A.asm.json');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await exportCommand.run([fileURLToPath(BROWN), output])).toBe(0);
      const document = JSON.parse(readFileSync(output, 'utf8'));
      expect(asmValidator()(document).errors).toBe('No errors');
      const measurement =
        document['liquid chromatography aggregate document']['liquid chromatography document'][0][
          'measurement aggregate document'
        ]['measurement document'][0];
      expect(measurement['injection document']['injection time']).toBe('2006-06-17T15:40:38Z');
      const peaks =
        measurement['processed data aggregate document']['processed data document'][0]['peak list'].peak;
      expect(peaks.length).toBeGreaterThan(0);
      for (const peak of peaks) expect(peak['peak area'].unit).toBe('mAU.s');
    } finally {
      log.mockRestore();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
