// A shared saved overlay (docs/overlays.md): the link's token exchanged for a visitor token, the overlay
// read with it, then each chromatogram's stored signal. Read-only: nothing is written.
import { useEffect, useState } from 'react';
import { savedOverlaySchema, type SavedOverlay } from '@eluent/contracts';
import { connectedFetch } from '../api/connectedFetch.ts';
import { parseAnswer } from '../api/parse.ts';
import type { OverlayTrace } from '../features/chromatograms/overlay.ts';
import { traceKey } from '../features/chromatograms/savedOverlay.ts';
import { SERIES_COLORS } from '../plot/plotTypes.ts';
import { readShareLink } from './shareLink.ts';
import { fetchSignal, shareErrorText, visitorToken } from './visitor.ts';

export type SharedOverlayState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; overlay: SavedOverlay; traces: OverlayTrace[]; missing: number[]; bearer: string };

async function fetchOverlay(id: number, bearer: string): Promise<SavedOverlay | null> {
  const response = await connectedFetch(`/api/overlays/${id}/`, {
    headers: { Authorization: `Bearer ${bearer}` },
    credentials: 'same-origin',
  });
  if (response.status === 404 || response.status === 401) return null;
  if (!response.ok) throw new Error(`overlay ${response.status}`);
  return parseAnswer(savedOverlaySchema, await response.json(), 'overlay');
}

async function loadOverlay(): Promise<SharedOverlayState> {
  const link = readShareLink();
  if (!link.token || link.id === null) return { status: 'missing' };
  const bearer = await visitorToken(link.token, link.id);
  const overlay = await fetchOverlay(link.id, bearer);
  if (!overlay) return { status: 'missing' };
  const signals = await Promise.all(overlay.measurement_ids.map((id) => fetchSignal(id, bearer)));
  const traces: OverlayTrace[] = [];
  const missing: number[] = [];
  overlay.traces.forEach(({ measurement_id: id, name }, index) => {
    const data = signals[index];
    if (!data) {
      missing.push(id);
      return;
    }
    const timeSec: number[] = [];
    const values: number[] = [];
    data.time_sec.forEach((time, point) => {
      const value = data.signal[point];
      if (Number.isFinite(time) && typeof value === 'number' && Number.isFinite(value)) {
        timeSec.push(time);
        values.push(value);
      }
    });
    traces.push({
      id: traceKey(id),
      label: `#${id} ${name ?? ''}`.trim(),
      unit: data.unit,
      timeSec: Float64Array.from(timeSec),
      values: Float64Array.from(values),
      color: SERIES_COLORS[index % SERIES_COLORS.length],
    });
  });
  return { status: 'ready', overlay, traces, missing, bearer };
}

export function useSharedOverlay(): SharedOverlayState {
  const [state, setState] = useState<SharedOverlayState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadOverlay()
      .then((next) => current && setState(next))
      .catch((error: unknown) => {
        if (!current) return;
        setState({
          status: 'error',
          message: shareErrorText(error),
        });
      });
    return () => {
      current = false;
    };
  }, []);
  return state;
}
