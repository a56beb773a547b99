// What a cabinet list shows for its query: a skeleton, the failure with Retry, an empty state, or the table.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from './EmptyState.tsx';
import { LoadFailure, LoadingSkeleton } from './QueryState.tsx';

export interface EmptyList {
  icon: string;
  title: string;
  text: string;
  /** What the list holds, for the loading state ("methods"). */
  label: string;
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
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingSkeleton label={empty.label} />;
  if (isEmpty(query.data)) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        <p>{empty.text}</p>
      </EmptyState>
    );
  }
  return <div className="card list-card">{children(query.data)}</div>;
}
