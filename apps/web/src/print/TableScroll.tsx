// A report table's own horizontal scroll: on a narrow screen (375 px) a wide table scrolls inside this box
// instead of being cut at the page's edge, so its last column (SST, S/N) stays reachable. Printing is unchanged.
import type { ReactNode } from 'react';

export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="report__table-scroll">{children}</div>;
}
