// What a visitor (share link, no account) may read, as carried by the visitor token.
/** The object a share token opens: one sample or one injection (with what hangs under it), or one sequence. */
export interface VisitorScope {
  type: 'sample' | 'injection' | 'sequence';
  id: number;
}
