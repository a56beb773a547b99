// Manual integration on the plot: the staged changes, the selected peaks, the active start, end or cursor,
// what the pointer and the keys do, the server's preview of the areas, and saving the batch with one reason.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  domainErrors,
  separationCode,
  storedPeakFigures,
  type IntegrationEdit,
  type IntegrationSignal,
  type PeakLimits,
} from '@eluent/contracts';
import type { SeparationCode } from '@eluent/signal';
import { notifySuccess } from '../../lib/toast.ts';
import type { PlotEditing, PlotPeak } from '../../plot/plotTypes.ts';
import { rowsFromStored } from '../chromatograms/peakRows.ts';
import { drawEditor, type EditorGhost, type EditorLayer } from './drawEditor.ts';
import { editorCommand, type ActiveMark, type EditorCommand } from './editorKeys.ts';
import { attachEditorPointer } from './editorPointer.ts';
import { previewIntegration, saveIntegration, type ResultVersion } from './integrationApi.ts';
import type { HandleHit } from './plotHandles.ts';
import {
  addEdit,
  deleteEdits,
  handleValue,
  keyboardSteps,
  mergeEdit,
  moveEdit,
  peakAt,
  splitEdit,
  stageAll,
  startStaging,
  unstage,
  type Staging,
} from './staging.ts';

export const EDITOR_HELP_ID = 'peak-editor-keys';

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

const minutes = (sec: number) => (sec / 60).toFixed(3);

export function usePeakEditor(
  measurementId: number,
  result: ResultVersion | null,
  signal: IntegrationSignal | null,
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const base = useMemo(() => limitsOf(result), [result]);
  const fresh = useMemo(() => (signal ? startStaging(signal, base) : null), [signal, base]);
  const [kept, setStaging] = useState<Staging | null>(null);
  const staging = kept && fresh && kept.base === fresh.base ? kept : fresh;
  const peaks = staging?.peaks ?? [];
  const edits = staging?.edits ?? [];
  const [selection, setSelection] = useState<number[]>([]);
  const [active, setActive] = useState<ActiveMark | null>(null);
  const [cursorSec, setCursorSec] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const reasonInput = useRef<HTMLInputElement>(null);
  const ghost = useRef<EditorGhost | null>(null);
  const steps = useMemo(() => (signal ? keyboardSteps(signal) : { timeSec: 1, value: 1 }), [signal]);

  const settledEdits = useSettled(edits, 200);
  const preview = useQuery({
    queryKey: ['integration-preview', result?.id, JSON.stringify(settledEdits)],
    queryFn: () => previewIntegration(result!.id, settledEdits),
    enabled: editing && result !== null && settledEdits.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (text: string) => saveIntegration(result!.id, edits, text),
    onSuccess: async () => {
      setStaging(null);
      setSelection([]);
      setActive(null);
      setReason('');
      setMessage(null);
      notifySuccess('Manual integration saved');
      onSaved();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['result-versions', measurementId] }),
        queryClient.invalidateQueries({ queryKey: ['measurement', measurementId] }),
      ]);
    },
    onError: (error) => setMessage(error.message),
  });

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
  const selectAt = (startSec: number, next: Staging) => {
    const index = next.peaks.findIndex((peak) => peak.startSec === startSec);
    setSelection(index >= 0 ? [index] : []);
  };
  const addAround = (centreSec: number) => {
    // Ten samples each side: wide enough to grab, narrow enough to fit between peaks.
    const half = steps.timeSec * 10;
    const change = addEdit(centreSec - half, centreSec + half);
    if (change.operation !== 'add') return;
    apply([change], (next) => {
      selectAt(change.start_sec, next);
      setActive('end');
    });
  };

  const run = (command: EditorCommand) => {
    switch (command.kind) {
      case 'select': {
        if (peaks.length === 0) return;
        const from = primary ?? (command.step > 0 ? -1 : peaks.length);
        const next = Math.min(peaks.length - 1, Math.max(0, from + command.step));
        select(command.extend ? [...selection.filter((i) => i !== next), next] : [next]);
        return;
      }
      case 'nudgeTime': {
        if (active === 'cursor') {
          setCursorSec((cursorSec ?? 0) + command.steps * steps.timeSec);
          return;
        }
        const peak = primary === null ? undefined : peaks[primary];
        if (!peak || primary === null || active === null) return;
        apply([moveEdit(primary, active, handleValue(peak, active) + command.steps * steps.timeSec)]);
        return;
      }
      case 'nudgeBaseline': {
        const peak = primary === null ? undefined : peaks[primary];
        if (!peak || primary === null || (active !== 'start' && active !== 'end')) return;
        const handle = active === 'start' ? 'baselineStart' : 'baselineEnd';
        apply([moveEdit(primary, handle, handleValue(peak, handle) + command.steps * steps.value)]);
        return;
      }
      case 'activate':
        if (command.mark !== 'cursor' && primary === null) {
          if (peaks.length === 0) return;
          select([0]);
        }
        if (command.mark === 'cursor' && cursorSec === null && signal) {
          setCursorSec(primary === null ? (signal.timeSec[0] ?? 0) : apexOf(primary));
        }
        setActive(command.mark);
        return;
      case 'escape':
        if (active !== null) setActive(null);
        else setSelection([]);
        return;
      case 'delete':
        if (selection.length === 0) return;
        apply(deleteEdits(selection), () => {
          setSelection([]);
          setActive(null);
        });
        return;
      case 'merge':
        apply([mergeEdit(selection)], (next) => {
          const first = Math.min(...selection);
          setSelection(next.peaks[first] ? [first] : []);
          setActive(null);
        });
        return;
      case 'split': {
        const at = cursorSec ?? (primary === null ? null : apexOf(primary));
        if (at === null) return;
        const index = primary ?? peakAt(peaks, at);
        if (index < 0) return;
        apply([splitEdit(index, at)], () => {
          setSelection([index]);
          setActive(null);
        });
        return;
      }
      case 'add': {
        const at = cursorSec ?? (signal ? (signal.timeSec[0] ?? 0) : 0);
        addAround(at);
        return;
      }
      case 'undo':
        if (signal && staging) setStaging(unstage(signal, staging));
        setMessage(null);
        setActive(null);
        return;
      case 'save':
        submit();
        return;
    }
  };

  const submit = () => {
    if (edits.length === 0) {
      setMessage(domainErrors.integration_no_changes);
      return;
    }
    if (reason.trim() === '') {
      setMessage(domainErrors.integration_reason_required);
      reasonInput.current?.focus();
      return;
    }
    save.mutate(reason.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const command = editorCommand(event, active);
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  // The pointer handlers live as long as the plot; they read the newest state through this ref.
  const pointer = useRef({
    peaks: () => peaks,
    grab: (_hit: HandleHit) => undefined as void,
    move: (_hit: HandleHit, _value: number) => undefined as void,
    add: (_from: number, _to: number) => undefined as void,
    click: (_timeSec: number, _extend: boolean) => undefined as void,
  });
  pointer.current = {
    peaks: () => peaks,
    grab: (hit) => {
      setSelection((current) => [...current.filter((i) => i !== hit.index), hit.index]);
      setActive(hit.handle === 'start' || hit.handle === 'baselineStart' ? 'start' : 'end');
    },
    move: (hit, value) => apply([moveEdit(hit.index, hit.handle, value)]),
    add: (fromSec, toSec) => {
      const change = addEdit(fromSec, toSec);
      if (change.operation !== 'add') return;
      apply([change], (next) => {
        selectAt(change.start_sec, next);
        setActive(null);
      });
    },
    click: (timeSec, extend) => {
      const index = peakAt(peaks, timeSec);
      setActive(null);
      setCursorSec(timeSec);
      if (index < 0) {
        if (!extend) setSelection([]);
        return;
      }
      setSelection((current) =>
        extend
          ? current.includes(index)
            ? current.filter((i) => i !== index)
            : [...current, index]
          : [index],
      );
    },
  };
  const attach = useCallback(
    (u: Parameters<PlotEditing['attach']>[0]) =>
      attachEditorPointer(u, {
        peaks: () => pointer.current.peaks(),
        preview: (next) => {
          ghost.current = next;
          u.redraw(false);
        },
        grab: (hit) => pointer.current.grab(hit),
        move: (hit, value) => pointer.current.move(hit, value),
        add: (from, to) => pointer.current.add(from, to),
        click: (timeSec, extend) => pointer.current.click(timeSec, extend),
      }),
    [],
  );
  const layer = useRef<Omit<EditorLayer, 'ghost'>>({ peaks, selection, active, cursorSec });
  layer.current = { peaks, selection, active, cursorSec };
  const plotEditing: PlotEditing | null = useMemo(
    () =>
      editing && staging
        ? {
            draw: (u) => drawEditor(u, { ...layer.current, ghost: ghost.current }),
            attach,
            onKeyDown,
            label: 'Peak editor',
            describedBy: EDITOR_HELP_ID,
            hint: 'Drag a start, end or baseline dot · drag across the signal to add a peak · click to select (Shift: several)',
          }
        : null,
    // onKeyDown is new each render; the object follows the state it reads, so the plot redraws with it.
    [editing, staging, selection, active, cursorSec, attach, reason, signal],
  );

  const plotPeaks: PlotPeak[] | null =
    editing && staging && edits.length > 0
      ? peaks.map((peak, index) => ({
          ...peak,
          number: index + 1,
          label: `${index + 1} ${separationCode(peak.startCode, peak.stopCode, false)}`,
          retentionTimeSec: apexOf(index) ?? peak.startSec,
        }))
      : null;
  const previewRows = editing && edits.length > 0 && preview.data ? rowsFromStored(preview.data.peaks) : null;
  const selected = primary === null ? null : peaks[primary];
  const status =
    selected && primary !== null
      ? `Peak ${primary + 1} of ${peaks.length}${selection.length > 1 ? ` (${selection.length} selected)` : ''}: ${minutes(selected.startSec)}–${minutes(selected.endSec)} min` +
        (active === 'start' ? ' · start active' : active === 'end' ? ' · end active' : '') +
        (active === 'cursor' && cursorSec !== null ? ` · cursor at ${minutes(cursorSec)} min` : '')
      : active === 'cursor' && cursorSec !== null
        ? `Cursor at ${minutes(cursorSec)} min`
        : `${peaks.length} peaks · none selected`;

  /** Typed limits of the chosen peak (minutes in the fields), staged like a drag. */
  const moveTo = (index: number, handle: 'start' | 'end', valueSec: number) => {
    if (!Number.isFinite(valueSec)) return;
    const peak = peaks[index];
    if (!peak || Math.abs(handleValue(peak, handle) - valueSec) < 1e-9) return;
    apply([moveEdit(index, handle, valueSec)]);
  };

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
    previewPending: editing && edits.length > 0 && (preview.isFetching || settledEdits !== edits),
    previewError: preview.error?.message ?? null,
    plotPeaks,
    plotEditing,
    run,
    submit,
    chosen: primary === null || !selected ? null : { index: primary, ...selected },
    moveTo,
    discard,
    saving: save.isPending,
  };
}

export type PeakEditor = ReturnType<typeof usePeakEditor>;
