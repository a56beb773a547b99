// A sequence state as a coloured label (the instrument cards' palette).
import type { SequenceState } from './sequencesApi.ts';

const tone: Record<SequenceState, string> = {
  NEW: 'idle',
  RUNNING: 'running',
  PAUSED: 'paused',
  FINISHED: 'done',
  STOPPED: 'paused',
  ERROR: 'error',
};

export function StateBadge({ state }: { state: SequenceState }) {
  return (
    <span className={`state state--${tone[state]}`} data-state={state}>
      {state.toLowerCase()}
    </span>
  );
}
