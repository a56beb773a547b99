// What a cabinet list shows for its query: the error, an empty state, or the card with the table.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Icon } from './Icon.tsx';

export interface EmptyList {
  icon: string;
  title: string;
  text: string;
}

export function ListContent<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: EmptyList;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <div className="form-error" role="alert">
        {query.error.message}
      </div>
    );
  }
  if (!query.data) return null;
  if (isEmpty(query.data)) {
    return (
      <div className="empty card" role="status">
        <Icon name={empty.icon} className="empty__icon" />
        <h2>{empty.title}</h2>
        <p>{empty.text}</p>
      </div>
    );
  }
  return <div className="card list-card">{children(query.data)}</div>;
}
