// Messages between the page and the processing worker: the signal is sent once, templates many times.
import type { ProcessingResult, ProcessingTemplate } from '@eluent/signal';

export type ToWorker =
  | { type: 'signal'; key: string; timeSec: Float64Array; values: Float64Array; unit: string }
  | { type: 'process'; id: number; key: string; template: ProcessingTemplate };

export type FromWorker =
  { type: 'result'; id: number; result: ProcessingResult } | { type: 'error'; id: number; message: string };
