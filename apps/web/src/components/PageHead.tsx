// The head of a cabinet page: its title, a lead line, what stands above or below them, and its actions.
import type { ReactNode } from 'react';

export function PageHead({
  title,
  lead,
  above,
  children,
  actions,
}: {
  title: ReactNode;
  /** The line under the title (ids, dates, what the page is for); none when undefined. */
  lead?: ReactNode;
  /** What stands above the title, such as a link back to the list. */
  above?: ReactNode;
  /** What stands under the lead line, such as notes on the file. */
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="cabinet__head">
      <div>
        {above}
        <h1>{title}</h1>
        {lead !== undefined && <p className="cabinet__lead">{lead}</p>}
        {children}
      </div>
      {actions !== undefined && <div className="head-actions">{actions}</div>}
    </div>
  );
}
