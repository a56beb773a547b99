import { algorithmKeys, algorithmVersions, UNKNOWN_POSTPROCESSING_VALUE } from './processingTemplate.ts';

export type StepName = 'detection_time' | 'binj' | 'base' | 'nois' | 'pdet' | 'peak';

/** What one step did: its algorithm key and version, or the error it reported. */
export interface StepReport {
  step: StepName;
  algorithm: string;
  version: string;
  error: string | null;
}

/** A template's algorithm key for a step (its default when null) and whether that key is known. */
export interface StepKey {
  key: string;
  known: boolean;
}

/** Runs one step's body, recording it; a body that throws gives `fallback`. */
export type StepRun = <T>(step: StepName, algorithm: string, body: () => T, fallback: T) => T;

/**
 * The record of one processing run's steps: `run` calls a step's body and records its algorithm version,
 * or the error it threw, in which case the step gives `fallback` and the run goes on.
 */
export function stepRecorder(): {
  steps: StepReport[];
  versions: Record<string, string>;
  run: StepRun;
} {
  const steps: StepReport[] = [];
  const versions: Record<string, string> = {};
  const run = <T>(step: StepName, algorithm: string, body: () => T, fallback: T): T => {
    const version = algorithmVersions[`${step}/${algorithm}`] ?? '1';
    try {
      const result = body();
      steps.push({ step, algorithm, version, error: null });
      versions[step] = `${algorithm}@${version}`;
      return result;
    } catch (error) {
      steps.push({ step, algorithm, version, error: error instanceof Error ? error.message : String(error) });
      return fallback;
    }
  };
  return { steps, versions, run };
}

/** The key a template names for a step, or the step's default when it names none. */
export function stepKey(step: keyof typeof algorithmKeys, raw: string | null | undefined): StepKey {
  const key = raw ?? algorithmKeys[step].default;
  return { key, known: (algorithmKeys[step].keys as readonly string[]).includes(key) };
}

/** A step whose key is not one of its algorithms fails with the contract's message. */
export function rejectUnknownKey({ known }: StepKey): void {
  if (!known) throw new Error(UNKNOWN_POSTPROCESSING_VALUE);
}
