// Whether the live preview's shown result belongs to the signal and template on screen. The worker answers
// later than the render that brings a new signal or template, so a result is pending from that render on —
// not from the effect after it, which left one painted frame saying "0 peaks found" before the first answer.

/** The signal and template (as its JSON) that the shown result, error or request in flight belongs to. */
export interface PreviewOwner<Signal> {
  signal: Signal | null;
  templateKey: string | null;
}

export function previewPending<Signal>(
  answered: PreviewOwner<Signal> & { pending: boolean },
  signal: Signal | null,
  templateKey: string,
): boolean {
  if (signal === null) return false;
  return answered.pending || answered.signal !== signal || answered.templateKey !== templateKey;
}
