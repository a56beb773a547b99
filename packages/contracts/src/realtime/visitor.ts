// What a visitor (share link, no account) may read, as carried by the visitor token.
/** The object a share token opens: one sample (with what hangs under it) or one sequence report. */
export interface VisitorScope {
  type: 'sample' | 'sequence';
  id: number;
}
