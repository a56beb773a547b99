// Start, pause, resume and stop a sequence under the rules of spec §4, §5 and §8. Checks run before any
// write; the state change itself runs in a transaction on the locked row, so racing calls cannot both pass.
// The shared steps, the start and the commands to a running sequence each have their own file.
import { createControlSteps, type SequenceControlDependencies } from './sequence-control-steps.ts';
import { createRunCommands } from './sequence-run-commands.ts';
import { createSequenceStart } from './sequence-start.ts';

export type { SequenceControlDependencies } from './sequence-control-steps.ts';

export function createSequenceControl(deps: SequenceControlDependencies) {
  const steps = createControlSteps(deps);
  return { ...createSequenceStart(deps, steps), ...createRunCommands(deps, steps) };
}

export type SequenceControl = ReturnType<typeof createSequenceControl>;
