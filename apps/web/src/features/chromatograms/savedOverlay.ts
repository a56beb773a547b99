// A saved overlay (contracts: rest/overlays.ts) and the compare view's state, both ways: what is saved from
// the view, and the view a saved overlay opens. Trace keys are `measurement:{id}` as the signals name them.
import type { OverlayInput, SavedOverlay } from '@eluent/contracts';
import type { OverlaySettings } from './OverlayControls.tsx';

export const traceKey = (measurementId: number) => `measurement:${measurementId}`;

/** The body that saves the view as it is: its chromatograms in order, layout, normalisation, hidden ones. */
export function overlayBody(
  name: string,
  measurementIds: readonly number[],
  settings: OverlaySettings,
  hidden: ReadonlySet<string>,
): OverlayInput {
  const timeMin = Number(settings.peakTimeMin);
  const peakTime =
    settings.normalisation === 'peak' && settings.peakTimeMin.trim() !== '' && Number.isFinite(timeMin)
      ? timeMin
      : null;
  return {
    name: name.trim(),
    measurement_ids: [...measurementIds],
    layout: settings.layout,
    normalisation: settings.normalisation,
    peak_time_min: peakTime,
    hidden_ids: measurementIds.filter((id) => hidden.has(traceKey(id))),
  };
}

/** The view settings and hidden traces a saved overlay opens with. */
export function overlayView(
  saved: Pick<SavedOverlay, 'layout' | 'normalisation' | 'peak_time_min' | 'hidden_ids'>,
): { settings: OverlaySettings; hidden: Set<string> } {
  return {
    settings: {
      layout: saved.layout,
      normalisation: saved.normalisation,
      peakTimeMin: saved.peak_time_min === null ? '' : String(saved.peak_time_min),
    },
    hidden: new Set(saved.hidden_ids.map(traceKey)),
  };
}
