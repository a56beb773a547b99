// What the run panel offers and says: the run buttons for a state, and the line of a run that is not going.
import type { RunAction, Sequence } from './sequencesApi.ts';
import { sequenceErrorText } from './sequenceErrors.ts';

export interface RunButton {
  action: RunAction;
  label: string;
  icon: string;
  when: Sequence['state'][];
}

// A FINISHED run is a record: it is not started again from here (docs/sequences.md "Runs are protected").
const RUN_BUTTONS: RunButton[] = [
  { action: 'start', label: 'Start', icon: 'play_arrow', when: ['NEW', 'STOPPED', 'ERROR'] },
  { action: 'pause', label: 'Pause', icon: 'pause', when: ['RUNNING'] },
  { action: 'resume', label: 'Resume', icon: 'play_arrow', when: ['PAUSED'] },
  { action: 'stop', label: 'Stop', icon: 'stop', when: ['RUNNING', 'PAUSED'] },
];

/** The buttons a role that may run sequences sees in `state`; none for one that may not. */
export function runButtons(state: Sequence['state'], mayRun: boolean, interrupted: boolean): RunButton[] {
  return (
    RUN_BUTTONS.filter((item) => mayRun && item.when.includes(state))
      // After an interruption the panel below offers the choices; a plain resume would not say which.
      .filter((item) => !(interrupted && item.action === 'resume'))
  );
}

/** The status line of a sequence that is neither running nor paused. */
export function idleRunText(state: Sequence['state'], errorCode: string | null): string {
  if (state === 'NEW') return 'Not started yet.';
  if (state === 'ERROR')
    return `Stopped with an error${errorCode ? `: ${sequenceErrorText(errorCode)}` : '.'}`;
  return `The run is ${state.toLowerCase()}.`;
}
