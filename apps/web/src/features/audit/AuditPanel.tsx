// The "Audit trail" panel of an object page: closed at first (unless asked open); opening it reads the
// object's trail afresh.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { AuditEntries } from './AuditEntries.tsx';
import { fetchObjectTrail, type AuditObjectKind } from './auditApi.ts';
import './audit.css';

export function AuditPanel({
  kind,
  id,
  title = 'Audit trail',
  defaultOpen = false,
}: {
  kind: AuditObjectKind;
  id: number;
  title?: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const trail = useQuery({
    queryKey: ['audit-trail', kind, id],
    queryFn: () => fetchObjectTrail(kind, id),
    enabled: open,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  return (
    <details
      className="audit card"
      open={defaultOpen}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen && trail.data) void trail.refetch();
      }}
    >
      <summary>
        <h2>{title}</h2>
      </summary>
      {trail.isError && <ErrorAlert>{trail.error.message}</ErrorAlert>}
      {trail.data && <AuditEntries entries={trail.data.entries} label="Audit trail entries" />}
    </details>
  );
}
