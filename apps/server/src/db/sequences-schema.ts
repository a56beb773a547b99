// Kysely types of the tables of migration 0005_sequences.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined, string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type CalibrationModel =
  'single_point' | 'linear' | 'linear_through_origin' | 'quadratic' | 'average_response_factor';
export type ProcessingJobScope = 'measurement' | 'measurements' | 'sequence';
export type ProcessingJobState = 'queued' | 'running' | 'finished' | 'failed';

export interface CalibrationsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  sequence_id: number;
  analyte: string;
  amount_unit: string;
  model: CalibrationModel;
  /** Null when the component could not be calibrated (migration 0013; `problem` says why). */
  slope: Nullable<number>;
  intercept: Nullable<number>;
  r_squared: Nullable<number>;
  points: Json;
  weighting: Defaulted<'none' | '1/x' | '1/x2'>;
  curvature: Defaulted<number>;
  residual_sd: Nullable<number>;
  residuals: Json;
  problem: ColumnType<unknown, string | null | undefined, string | null>;
  /** 0: the whole sequence's curve; 1…: the curve of one bracket of standards (migration 0014). */
  bracket: Defaulted<number>;
  created_at: Timestamp;
}

export interface ProcessingJobsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  scope: ProcessingJobScope;
  /** The sequence or the one measurement; null for a list of measurements. */
  target_id: Nullable<number>;
  /** Every measurement the job processes, resolved at creation (migration 0006). */
  measurement_ids: ColumnType<number[], number[] | undefined, number[]>;
  template_uuid: Nullable<string>;
  template_snapshot: Json;
  state: Defaulted<ProcessingJobState>;
  total: Defaulted<number>;
  done: Defaulted<number>;
  error: Nullable<string>;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export type ImportJobStatus =
  'queued' | 'reading' | 'processing' | 'storing' | 'done' | 'failed' | 'cancelled';

/** Imports answered 202 (migration 0030). */
export interface ImportJobsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  file_name: string;
  status: Defaulted<ImportJobStatus>;
  /** bigint: node-postgres hands it as a string, PGlite as a number. */
  bytes_total: ColumnType<number | string, number | undefined, number>;
  bytes_read: ColumnType<number | string, number | undefined, number>;
  points_total: Nullable<number>;
  points_stored: Defaulted<number>;
  cancel_requested: Defaulted<boolean>;
  error: Nullable<string>;
  error_code: Nullable<string>;
  measurement_id: Nullable<number>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface SequencesTables {
  calibrations: CalibrationsTable;
  processing_jobs: ProcessingJobsTable;
  import_jobs: ImportJobsTable;
}
