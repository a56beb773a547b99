import { describe, expect, it } from 'vitest';
import { processChromatogram, seededNormal } from '@eluent/signal';
import type { FromWorker } from './processingMessages.ts';
import { createProcessingHandler } from './processingHandler.ts';

/** 120 s at 10 Hz: three Gaussian peaks on noise 0.02. */
function chromatogram() {
  const noise = seededNormal(5);
  const timeSec = Float64Array.from({ length: 1_200 }, (_, i) => i * 0.1);
  const values = Float64Array.from(timeSec, (t) => {
    const peaks = [20, 55, 90].reduce(
      (sum, centre, k) => sum + (k + 1) * 10 * Math.exp(-0.5 * ((t - centre) / 1.2) ** 2),
      0,
    );
    return peaks + 0.02 * noise();
  });
  return { timeSec, values };
}

describe('the processing worker', () => {
  it('measures a signal as it arrives, before any preview asks for it', () => {
    const posted: FromWorker[] = [];
    const handler = createProcessingHandler((message) => posted.push(message));
    const { timeSec, values } = chromatogram();
    handler.handle({ type: 'signal', key: 'a', timeSec, values, unit: 'mAU' });
    const loaded = handler.loaded()!;
    expect(posted).toEqual([]);
    expect(loaded.memo.holds(loaded.signal)).toBe(true);

    const template = { peak_detection_min_prominence: 1 };
    handler.handle({ type: 'process', id: 1, key: 'a', template });
    const answer = posted[0]!;
    expect(answer.type).toBe('result');
    if (answer.type !== 'result') return;
    const fresh = processChromatogram({ timeSec, values, unit: 'mAU' }, template);
    expect(answer.result.peaks.map((peak) => peak.retentionTimeSec)).toEqual(
      fresh.peaks.map((peak) => peak.retentionTimeSec),
    );
    expect(answer.result.peaks).toHaveLength(3);
    expect(handler.loaded()!.memo).toBe(loaded.memo);
  });

  it('answers a preview of an unusable or unknown signal with the reason, and keeps running', () => {
    const posted: FromWorker[] = [];
    const handler = createProcessingHandler((message) => posted.push(message));
    const { timeSec, values } = chromatogram();
    handler.handle({ type: 'process', id: 1, key: 'a', template: {} });
    handler.handle({ type: 'signal', key: 'b', timeSec: timeSec.reverse(), values, unit: 'mAU' });
    handler.handle({ type: 'process', id: 2, key: 'b', template: {} });
    expect(posted).toEqual([
      { type: 'error', id: 1, message: 'No chromatogram is loaded for the preview.' },
      { type: 'error', id: 2, message: expect.stringContaining('times must increase') },
    ]);
  });

  it('computes only the latest of the requests that arrived before its yield, the others superseded', () => {
    const posted: FromWorker[] = [];
    const drains: (() => void)[] = [];
    const handler = createProcessingHandler(
      (message) => posted.push(message),
      (drain) => drains.push(drain),
    );
    const { timeSec, values } = chromatogram();
    handler.handle({ type: 'signal', key: 'a', timeSec, values, unit: 'mAU' });
    // Typing "5", "50", "500": three requests before the worker yields.
    for (const [id, prominence] of [
      [1, 5],
      [2, 50],
      [3, 500],
    ] as const) {
      handler.handle({
        type: 'process',
        id,
        key: 'a',
        template: { peak_detection_min_prominence: prominence },
      });
    }
    expect(posted).toEqual([]);
    drains.shift()!();
    expect(drains).toEqual([]);
    const answers = posted;
    expect(answers.map((message) => [message.type, 'id' in message ? message.id : null])).toEqual([
      ['superseded', 1],
      ['superseded', 2],
      ['result', 3],
    ]);
    const last = answers[2]!;
    if (last.type !== 'result') return;
    const fresh = processChromatogram(
      { timeSec, values, unit: 'mAU' },
      { peak_detection_min_prominence: 500 },
    );
    expect(last.result.peaks).toHaveLength(fresh.peaks.length);
    expect(last.result.detection?.minProminence.value).toBe(500);
  });
});
