// What a cabinet list shows for its query: the error, an empty state, or the card with the table.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorAlert } from './ErrorAlert.tsx';
import { EmptyState } from './EmptyState.tsx';

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
    return <ErrorAlert>{query.error.message}</ErrorAlert>;
  }
  if (!query.data) return null;
  if (isEmpty(query.data)) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        <p>{empty.text}</p>
      </EmptyState>
    );
  }
  return <div className="card list-card">{children(query.data)}</div>;
}
