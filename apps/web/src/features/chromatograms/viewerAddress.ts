// What the chromatogram page reads from what the analyst typed: the overlaid channels of the address and the
// band to extract from the spectra.

/** The overlaid channels of the address (`?overlay=12,13`): positive ids, at most the compare view's six. */
export function overlayParam(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .map(Number)
    .filter((item) => Number.isInteger(item) && item > 0)
    .slice(0, 6);
}

/** The band typed in the extract form, or null (nothing drawn) when the wavelength is empty or no number. */
export function bandOf(input: { centre: string; width: string }): { centre: number; width: number } | null {
  const centre = Number(input.centre);
  const width = Number(input.width);
  return input.centre.trim() !== '' && Number.isFinite(centre) && width >= 0 ? { centre, width } : null;
}
