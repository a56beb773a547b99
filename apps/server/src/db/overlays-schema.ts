// Table types of saved overlays (migration 0019_overlays, docs/overlays.md).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A JSON list of measurement ids: read as numbers, written as JSON text. */
type IdList = ColumnType<number[], string, string>;

export interface OverlaysTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  name: string;
  measurement_ids: IdList;
  layout: 'overlay' | 'offset' | 'stacked';
  normalisation: 'none' | 'largest' | 'peak';
  peak_time_min: number | null;
  hidden_ids: ColumnType<number[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OverlaysTables {
  overlays: OverlaysTable;
}
