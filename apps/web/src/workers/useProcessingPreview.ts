// Live preview: reprocesses the chosen chromatogram in the worker at each change of the template (no
// debounce: the worker computes only the latest request waiting for it, `previewQueue.ts`).
import { useEffect, useRef, useState } from 'react';
import type { ProcessingTemplate } from '@eluent/signal';
import type { PreviewPlot, PreviewResult } from './processingMessages.ts';
import { previewPending, type PreviewOwner } from './previewState.ts';
import {
  createProcessingClient,
  type ChromatogramSignal,
  type ProcessingClient,
} from './processingClient.ts';

export interface PreviewState {
  result: PreviewResult | null;
  /** The corrected signal and baseline reduced for the plot (null until the first result). */
  plot: PreviewPlot | null;
  error: string | null;
  pending: boolean;
}

export function useProcessingPreview(
  signal: ChromatogramSignal | null,
  template: ProcessingTemplate,
): PreviewState {
  const client = useRef<ProcessingClient | null>(null);
  const [state, setState] = useState<PreviewState & PreviewOwner<ChromatogramSignal>>({
    result: null,
    plot: null,
    error: null,
    pending: false,
    signal: null,
    templateKey: null,
  });
  const templateKey = JSON.stringify(template);

  useEffect(() => {
    client.current = createProcessingClient();
    return () => {
      client.current?.dispose();
      client.current = null;
    };
  }, []);

  // The worker measures a signal as it arrives, before the first preview request behind it.
  useEffect(() => {
    if (signal) client.current?.load(signal);
  }, [signal]);

  useEffect(() => {
    if (!signal) return;
    let current = true;
    setState((shown) => ({ ...shown, pending: true }));
    const running = client.current?.process(signal, JSON.parse(templateKey) as ProcessingTemplate);
    running?.then(
      (answer) =>
        current && answer && setState({ ...answer, error: null, pending: false, signal, templateKey }),
      (error: unknown) =>
        current &&
        setState({
          result: null,
          plot: null,
          error: error instanceof Error ? error.message : String(error),
          pending: false,
          signal,
          templateKey,
        }),
    );
    return () => {
      current = false;
    };
  }, [signal, templateKey]);

  const { result, plot, error } = state;
  return { result, plot, error, pending: previewPending(state, signal, templateKey) };
}
