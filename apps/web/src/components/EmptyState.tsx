// What a page or list shows while it has nothing yet: an icon, a title, a sentence and what to do next.
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

export function EmptyState({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  return (
    <div className="empty card" role="status">
      <Icon name={icon} className="empty__icon" />
      <h2>{title}</h2>
      {children}
    </div>
  );
}
