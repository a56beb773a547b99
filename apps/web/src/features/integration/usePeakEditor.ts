// Manual integration on the plot: the staged changes, the selected peaks, the active start, end or cursor,
// what the pointer and the keys do, the server's preview of the areas, and saving the batch with one reason.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  domainErrors,
  storedPeakFigures,
  type IntegrationEdit,
  type IntegrationSignal,
  type PeakLimits,
} from '@eluent/contracts';
import type { SeparationCode } from '@eluent/signal';
import { notifySuccess } from '../../lib/toast.ts';
import type { PlotPeak } from '../../plot/plotTypes.ts';
import { rowsFromStored } from '../chromatograms/peakRows.ts';
import { stagedPlotPeaks, useEditorPlot } from './useEditorPlot.ts';
import { editorCommand, type ActiveMark, type EditorCommand } from './editorKeys.ts';
import { moveTo, pointerActions, runEditorCommand, type EditorContext } from './editorActions.ts';
import { editorStatus, saveRefusal } from './editorStatus.ts';
import { previewIntegration, saveIntegration, type ResultVersion } from './integrationApi.ts';
import { keyboardSteps, stageAll, startStaging, unstage, type Staging } from './staging.ts';

export { EDITOR_HELP_ID } from './useEditorPlot.ts';

const codeOf = (code: string | null | undefined): SeparationCode =>
  code === 'V' || code === 'S' || code === 'T' ? code : 'B';

function limitsOf(result: ResultVersion | null): PeakLimits[] {
  return (result?.peaks ?? []).map((peak) => {
    const figures = storedPeakFigures(peak);
    return {
      startSec: figures.startSec,
      endSec: figures.endSec,
      baselineStartValue: figures.baselineStartValue,
      baselineEndValue: figures.baselineEndValue,
      startCode: codeOf(figures.startCode),
      stopCode: codeOf(figures.stopCode),
    };
  });
}

/** The value after `ms` without a change (the preview asks the server once typing or dragging rests). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Saves the staged changes as a manual result with the reason given; the result lists are read again. */
function useSaveIntegration(
  measurementId: number,
  resultId: number | null,
  edits: readonly IntegrationEdit[],
  { onSaved, onRefused }: { onSaved: () => void; onRefused: (message: string) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveIntegration(resultId!, edits, text),
    onSuccess: async () => {
      notifySuccess('Manual integration saved');
      onSaved();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['result-versions', measurementId] }),
        queryClient.invalidateQueries({ queryKey: ['measurement', measurementId] }),
      ]);
    },
    onError: (error) => onRefused(error.message),
  });
}

/** The staged changes on the shown result's peaks; made afresh when the result or the signal changes. */
function useStaging(
  result: ResultVersion | null,
  signal: IntegrationSignal | null,
  setMessage: (message: string | null) => void,
) {
  const base = useMemo(() => limitsOf(result), [result]);
  const fresh = useMemo(() => (signal ? startStaging(signal, base) : null), [signal, base]);
  const [kept, setStaging] = useState<Staging | null>(null);
  const staging = kept && fresh && kept.base === fresh.base ? kept : fresh;
  /** Stages changes as one gesture; a refusal is said and nothing changes. */
  const apply = (changes: readonly IntegrationEdit[], then?: (next: Staging) => void) => {
    if (!signal || !staging) return;
    const outcome = stageAll(signal, staging, changes);
    if (outcome.refusal !== null) {
      setMessage(outcome.refusal);
      return;
    }
    setMessage(null);
    setStaging(outcome.staging);
    then?.(outcome.staging);
  };
  return { staging, setStaging, apply };
}

/** The server's areas for the staged changes, asked once typing or dragging rests. */
function useIntegrationPreview(
  result: ResultVersion | null,
  edits: readonly IntegrationEdit[],
  editing: boolean,
) {
  const settledEdits = useSettled(edits, 200);
  const preview = useQuery({
    queryKey: ['integration-preview', result?.id, JSON.stringify(settledEdits)],
    queryFn: () => previewIntegration(result!.id, settledEdits),
    enabled: editing && result !== null && settledEdits.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return {
    data: preview.data,
    error: preview.error,
    /** Asking, or the changes have not rested yet. */
    pending: preview.isFetching || settledEdits !== edits,
  };
}

export function usePeakEditor(
  measurementId: number,
  result: ResultVersion | null,
  signal: IntegrationSignal | null,
  onSaved: () => void,
) {
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { staging, setStaging, apply } = useStaging(result, signal, setMessage);
  const peaks = staging?.peaks ?? [];
  const edits = staging?.edits ?? [];
  const [selection, setSelection] = useState<number[]>([]);
  const [active, setActive] = useState<ActiveMark | null>(null);
  const [cursorSec, setCursorSec] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const reasonInput = useRef<HTMLInputElement>(null);
  const steps = useMemo(() => (signal ? keyboardSteps(signal) : { timeSec: 1, value: 1 }), [signal]);

  const preview = useIntegrationPreview(result, edits, editing);
  const save = useSaveIntegration(measurementId, result?.id ?? null, edits, {
    onSaved: () => {
      discard();
      setReason('');
      onSaved();
    },
    onRefused: setMessage,
  });

  const primary = selection.at(-1) ?? null;
  const apexOf = (index: number) => {
    const peak = peaks[index];
    if (!peak) return null;
    const stored = peak.keptIndex === null ? undefined : result?.peaks[peak.keptIndex];
    return stored?.retention_time_sec ?? (peak.startSec + peak.endSec) / 2;
  };
  const select = (indexes: number[]) => {
    setSelection(indexes);
    const last = indexes.at(-1);
    if (last !== undefined) setCursorSec(apexOf(last));
  };
  const submit = () => {
    const refusal = saveRefusal(edits.length, reason);
    if (refusal === null) return save.mutate(reason.trim());
    setMessage(refusal);
    if (refusal === domainErrors.integration_reason_required) reasonInput.current?.focus();
  };
  const context: EditorContext = {
    peaks,
    selection,
    primary,
    active,
    cursorSec,
    signal,
    steps,
    apexOf,
    select,
    apply,
    setSelection,
    setActive,
    setCursorSec,
    undo: () => {
      if (signal && staging) setStaging(unstage(signal, staging));
      setMessage(null);
      setActive(null);
    },
    submit: () => submit(),
  };
  const run = (command: EditorCommand) => runEditorCommand(command, context);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const command = editorCommand(event, active);
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  const plotEditing = useEditorPlot({
    on: editing && staging !== null,
    layer: { peaks, selection, active, cursorSec },
    pointer: pointerActions(context),
    onKeyDown,
    follows: [editing, staging, selection, active, cursorSec, reason, signal],
  });

  const plotPeaks: PlotPeak[] | null =
    editing && staging && edits.length > 0 ? stagedPlotPeaks(peaks, apexOf) : null;
  const previewRows = editing && edits.length > 0 && preview.data ? rowsFromStored(preview.data.peaks) : null;
  const selected = primary === null ? null : peaks[primary];
  const status = editorStatus({ peaks, primary, selectionCount: selection.length, active, cursorSec });

  const discard = () => {
    setStaging(null);
    setSelection([]);
    setActive(null);
    setMessage(null);
  };
  return {
    available: staging !== null && result !== null,
    editing,
    setEditing: (on: boolean) => {
      setEditing(on);
      if (!on) discard();
    },
    edits,
    selection,
    status,
    message,
    reason,
    setReason,
    reasonInput,
    previewRows,
    previewPending: editing && edits.length > 0 && preview.pending,
    previewError: preview.error?.message ?? null,
    plotPeaks,
    plotEditing,
    run,
    submit,
    chosen: primary === null || !selected ? null : { index: primary, ...selected },
    /** Typed limits of the chosen peak (minutes in the fields), staged like a drag. */
    moveTo: (index: number, handle: 'start' | 'end', valueSec: number) =>
      moveTo(context, index, handle, valueSec),
    discard,
    saving: save.isPending,
  };
}

export type PeakEditor = ReturnType<typeof usePeakEditor>;
