// Kysely types of electronic signatures and the result versions each covers, and of record numbers
// (0015_signatures).
import type { ColumnType, Generated } from 'kysely';
import type { ReviewState, SignatureMeaning, SignatureSubjectKind } from '@eluent/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ResultSignaturesTable {
  id: Generated<number>;
  workspace_id: number;
  subject_kind: SignatureSubjectKind;
  subject_id: number;
  signer_id: number;
  /** The signer's printed name at signing time (accounts have no separate name: the e-mail address). */
  signer_name: string;
  signer_email: string;
  meaning: SignatureMeaning;
  reason: Nullable<string>;
  state_before: ReviewState;
  state_after: ReviewState;
  content_sha256: string;
  /** Set by the database: the server's time. */
  signed_at: Timestamp;
}

export interface ResultSignatureItemsTable {
  signature_id: number;
  measurement_id: number;
  injection_id: Nullable<number>;
  result_id: number;
  result_version: number;
  content_sha256: string;
}

/** Record numbers without gaps per workspace (0015_signatures): the counters, sequences' and reports'. */
export interface RecordCountersTable {
  workspace_id: number;
  kind: 'sequence' | 'report';
  last_number: number;
}

export interface SequenceRecordsTable {
  sequence_id: number;
  workspace_id: number;
  number: number;
}

export interface IssuedReportsTable {
  id: Generated<number>;
  workspace_id: number;
  number: number;
  kind: 'sequence' | 'injection';
  subject_id: number;
  issued_by: number;
  issued_at: Timestamp;
}

export interface SignaturesTables {
  result_signatures: ResultSignaturesTable;
  result_signature_items: ResultSignatureItemsTable;
  record_counters: RecordCountersTable;
  sequence_records: SequenceRecordsTable;
  issued_reports: IssuedReportsTable;
}
