// Messages between the page and the processing worker: the signal is sent once, templates many times.
import type { ProcessingResult, ProcessingTemplate } from '@eluent/signal';
import type { PlotSignal } from './previewSignals.ts';

export type ToWorker =
  | { type: 'signal'; key: string; timeSec: Float64Array; values: Float64Array; unit: string }
  | { type: 'process'; id: number; key: string; template: ProcessingTemplate };

/** The preview plot's signals, reduced in the worker (the full arrays never cross to the page). */
export interface PreviewPlot {
  corrected: PlotSignal;
  baseline: PlotSignal;
}

/** A processing result without its full-length signals, and the plot signals beside it. */
export type PreviewResult = Omit<ProcessingResult, 'signals'>;

export type FromWorker =
  | { type: 'result'; id: number; result: PreviewResult; plot: PreviewPlot }
  | { type: 'error'; id: number; message: string }
  /** A request a later one replaced before it was computed (`previewQueue.ts`). */
  | { type: 'superseded'; id: number };
