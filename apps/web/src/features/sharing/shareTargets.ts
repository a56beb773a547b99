// What can be shared from the cabinet (a sequence report, a sample, an injection report, a saved overlay)
// and what its link opens; the expiry choices (the server accepts
// 1–365 days and defaults to 30).

export interface ShareTarget {
  type: 'sequence' | 'sample' | 'injection' | 'overlay';
  id: number;
  /** How the object is named in the dialog's title (a sample's name, "#12" for an injection); a sequence's
   * dialog keeps the title "Share the sequence report". */
  label: string;
}

export const DEFAULT_EXPIRY_DAYS = 30;

export const EXPIRY_CHOICES: ReadonlyArray<{ days: number; label: string }> = [
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
];

export function shareTarget(target: ShareTarget): { title: string; hint: string } {
  const until = 'until the link expires or is revoked.';
  switch (target.type) {
    case 'sequence':
      return {
        title: 'Share the sequence report',
        hint: `Anyone with a link can read this sequence's report ${until}`,
      };
    case 'sample':
      return {
        title: `Share ${target.label}`,
        hint: `Anyone with a link can see this sample, its injections and their chromatograms ${until}`,
      };
    case 'injection':
      return {
        title: `Share the report of injection ${target.label}`,
        hint: `Anyone with a link can read this injection's report ${until}`,
      };
    case 'overlay':
      return {
        title: `Share the overlay ${target.label}`,
        hint: `Anyone with a link can see this saved overlay and its chromatograms ${until}`,
      };
  }
}
