// The workspace-wide audit trail: every event the user may read, newest first, filtered by kind, action,
// dates (local time, sent as UTC) and text, in pages; the filtered trail as a CSV file; and whether the
// hash chain of the whole trail verifies.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PAGE_SIZE } from '../../lib/listQuery.ts';
import { formatDateTimeWithZone } from '../../lib/time.ts';
import { AuditEntries } from './AuditEntries.tsx';
import {
  downloadAuditCsv,
  fetchAuditFilters,
  fetchAuditPage,
  fetchChainStatus,
  noFilters,
  type AuditFilterValues,
} from './auditApi.ts';
import './audit.css';

const problems = {
  altered: 'its content differs from its hash (changed after it was written)',
  link: 'it does not follow the entry before it',
  missing: 'an entry before it is missing',
  head: 'the last entries are missing',
  checkpoint: 'the chain differs from the signed checkpoint kept outside the database (rewritten)',
} as const;

function ChainStatus() {
  const status = useQuery({ queryKey: ['audit-chain'], queryFn: fetchChainStatus });
  return (
    <section className="audit__chain card" aria-label="Chain verification">
      <h2>Integrity</h2>
      {status.isError && <ErrorAlert>{status.error.message}</ErrorAlert>}
      {status.data &&
        (status.data.valid ? (
          <p className="audit__valid">
            <Icon name="verified" /> Verified: all {status.data.checked} entries are unchanged and complete.
          </p>
        ) : (
          status.data.first_broken && (
            <p className="audit__broken" role="alert">
              <Icon name="gpp_bad" /> Broken at entry {status.data.first_broken.chain_seq}:{' '}
              {problems[status.data.first_broken.problem]}.
            </p>
          )
        ))}
      {status.data?.checkpoint?.problem === 'bad_signature' && (
        <p className="audit__broken" role="alert">
          <Icon name="gpp_bad" /> The checkpoint file was altered: line {status.data.checkpoint.line} does not
          carry a valid signature.
        </p>
      )}
      {status.data?.checkpoint && (
        <p className="audit__muted">
          Signed checkpoint: entry {status.data.checkpoint.chain_seq}, hash{' '}
          <code>{status.data.checkpoint.head_hash.slice(0, 16)}…</code>
          {status.data.checkpoint.created_at
            ? ` (${formatDateTimeWithZone(status.data.checkpoint.created_at)})`
            : ''}
          ; {status.data.checkpoint.checked} checkpoints compared.
        </p>
      )}
      {status.data && (
        <p className="audit__muted">
          Checked {formatDateTimeWithZone(status.data.verified_at)} · last hash{' '}
          <code>{status.data.head_hash.slice(0, 16)}…</code>{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void status.refetch()}
          >
            Verify again
          </button>
        </p>
      )}
    </section>
  );
}

export default function AuditPage() {
  const [draft, setDraft] = useState<AuditFilterValues>(noFilters);
  const [filters, setFilters] = useState<AuditFilterValues>(noFilters);
  const [page, setPage] = useState(0);
  const words = useQuery({ queryKey: ['audit-filters'], queryFn: fetchAuditFilters });
  const entries = useQuery({
    queryKey: ['audit-page', filters, page],
    queryFn: () => fetchAuditPage(filters, page * PAGE_SIZE, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof AuditFilterValues) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(0);
  };
  return (
    <div className="cabinet__content cabinet__content--wide">
      <PageHead
        title="Audit trail"
        lead="Every change to the instruments, methods, templates, samples, sequences and results of this workspace: who, when, what and why."
        actions={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void downloadAuditCsv(filters)}
          >
            <Icon name="download" /> CSV
          </button>
        }
      />
      <ChainStatus />
      <form className="audit__filters card" onSubmit={apply} aria-label="Audit filters">
        <label>
          Object
          <select value={draft.entity} onChange={(e) => set('entity')(e.target.value)}>
            <option value="">All</option>
            {words.data?.entities.map((entity) => (
              <option key={entity.entity} value={entity.entity}>
                {entity.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <select value={draft.action} onChange={(e) => set('action')(e.target.value)}>
            <option value="">All</option>
            {words.data?.actions.map((action) => (
              <option key={action.action} value={action.action}>
                {action.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="datetime-local" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
        </label>
        <label>
          To
          <input type="datetime-local" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </label>
        <label>
          Text
          <input
            type="search"
            value={draft.text}
            placeholder="Name, value, reason…"
            onChange={(e) => set('text')(e.target.value)}
          />
        </label>
        <button type="submit" className="button">
          <Icon name="filter_alt" /> Filter
        </button>
      </form>
      {entries.isError && <ErrorAlert>{entries.error.message}</ErrorAlert>}
      {entries.data && (
        <>
          <AuditEntries entries={entries.data.entries} label="Audit trail entries" />
          <Pager page={page} total={entries.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
