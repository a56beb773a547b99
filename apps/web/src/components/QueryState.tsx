// What a page shows for a query that has no data to draw yet: a skeleton while it loads, the failure in words
// with a Retry button when it failed (the connection text for a network failure, never 'Failed to fetch').
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureText } from '../api/errors.ts';
import { Icon } from './Icon.tsx';

export function LoadingSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div className="skeleton card" role="status" aria-busy="true" aria-label={`Loading ${label}`}>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton__line" />
      ))}
      <span className="visually-hidden">Loading {label}…</span>
    </div>
  );
}

export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="form-error load-failure" role="alert">
      <span>{failureText(error)}</span>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        <Icon name="refresh" /> Retry
      </button>
    </div>
  );
}

/**
 * Renders `children(data)` once the query has data; before that a skeleton, or the failure with Retry.
 * A failed refetch over data already shown keeps the data and adds the failure above it.
 */
export function QueryState<T>({
  query,
  label,
  rows,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.isError) return <LoadFailure error={query.error} onRetry={retry} />;
    return <LoadingSkeleton label={label} rows={rows} />;
  }
  return (
    <>
      {query.isError && <LoadFailure error={query.error} onRetry={retry} />}
      {children(query.data)}
    </>
  );
}
