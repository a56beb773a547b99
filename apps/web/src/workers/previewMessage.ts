// The worker's answer to one preview request: the template applied to the full signal, the result without
// the full-length arrays, and the plot signals reduced to real extremes, their buffers transferred.
import {
  processChromatogram,
  type ProcessingTemplate,
  type SignalInput,
  type SignalMemo,
} from '@eluent/signal';
import type { FromWorker } from './processingMessages.ts';
import { keepExtremes, PREVIEW_COLUMNS } from './previewSignals.ts';

/**
 * Processes `signal` with `template`; `transfer` lists the buffers to move, not copy, to the page. `memo`
 * keeps what the signal's earlier previews measured whatever the template.
 */
export function previewMessage(
  id: number,
  signal: SignalInput,
  template: ProcessingTemplate,
  memo: SignalMemo | null = null,
): { message: FromWorker; transfer: ArrayBuffer[] } {
  // The corrected signal is only read here (reduced for the plot): no copy of an unchanged signal.
  const { signals, ...result } = processChromatogram(signal, template, {
    includeSignals: true,
    shareUnchangedSignal: true,
    memo,
  });
  const corrected = keepExtremes(signal.timeSec, signals!.correctedValues, PREVIEW_COLUMNS);
  const baseline = keepExtremes(signal.timeSec, signals!.runBaseline, PREVIEW_COLUMNS);
  const transfer = [corrected, baseline].flatMap((plot) => [
    plot.timeSec.buffer as ArrayBuffer,
    plot.values.buffer as ArrayBuffer,
  ]);
  return { message: { type: 'result', id, result, plot: { corrected, baseline } }, transfer };
}
