/** Post-processing algorithm keys and their labels (spec §3). */
export const algorithmLabels = {
  diagonal_correction: 'Diagonal correction',
  horizontal_correction: 'Horizontal correction',
  manual: 'Manual',
  simple_subtraction: 'Simple subtraction',
  default: 'Default',
  peak_fitting_v1: 'Peak Fitting v1',
  first_derivative: '1st derivative',
  wavelet_v1: 'Wavelet v1',
  start: 'Start',
  median: 'Median',
  finish: 'Finish',
  none: 'None',
} as const;

export type AlgorithmKey = keyof typeof algorithmLabels;
export type AlgorithmLabel = (typeof algorithmLabels)[AlgorithmKey];

export const UNKNOWN_POSTPROCESSING_VALUE = 'Unknown postprocessing value';

/** Label of a key; throws 'Unknown postprocessing value' for anything unmapped. */
export function algorithmLabel(key: string): AlgorithmLabel {
  if (!Object.hasOwn(algorithmLabels, key)) throw new Error(UNKNOWN_POSTPROCESSING_VALUE);
  return algorithmLabels[key as AlgorithmKey];
}

/** Key of a label; throws 'Unknown postprocessing value' for anything unmapped. */
export function algorithmKeyOf(label: string): AlgorithmKey {
  const found = (Object.keys(algorithmLabels) as AlgorithmKey[]).find(
    (key) => algorithmLabels[key] === label,
  );
  if (!found) throw new Error(UNKNOWN_POSTPROCESSING_VALUE);
  return found;
}
