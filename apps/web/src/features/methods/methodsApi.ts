// Methods through GraphQL with the documents of spec §7 (Hasura names); only name, archived and favorite change.
import {
  CREATE_METHOD,
  METHOD_WITH_EXTENSIONS,
  METHODS_WITH_TABLE_COLUMNS,
  SET_METHOD_ARCHIVING_STATUS,
  SET_METHOD_FAVORITE_STATUS,
  UPDATE_METHOD,
} from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { createDeduplicatedQuery } from '../../api/graphql.ts';
import { listVariables, type ListParams } from '../../lib/listQuery.ts';

export interface Method {
  id: number;
  name: string;
  comment: string | null;
  archived: boolean;
  favorite: boolean;
  editable: boolean;
  is_example: boolean;
  analog_signal_description: string | null;
  analog_signal_type: string | null;
  buffer: string | null;
  mobile_phase: string | null;
  solvents: unknown;
  gradient: unknown;
  flow_rate_ml_per_min: number | null;
  refill_flow_rate_ml_per_min: number | null;
  syringe_refill_speed: number | null;
  run_time_min: number | null;
  run_time_ms: number | null;
  temperature: number | null;
  pressure_min: number | null;
  pressure_max: number | null;
  /** What a sequence does with an interrupted injection (docs/sequences.md). */
  on_interrupted_injection?: 'pause' | 'reinject_once' | 'skip';
  pressure_reach_sec: number | null;
  measurements: unknown;
  hardware_configuration: unknown;
  detector_single_channel: unknown;
  calibration_delay_sec: number | null;
  injection_ul: number | null;
  injection_ms: number | null;
  injection_sec: number | null;
  injection_delay_sec: number | null;
  needle_depth_mm: number | null;
  wash_after_injection: boolean | null;
  shaking_duration_ms: number | null;
  shaking_duration_sec: number | null;
  fraction_collector_interval_sec: number | null;
  fraction_collector_start_delay_sec: number | null;
  fraction_collector_starts_with_vial: number | null;
  valve_routine: unknown;
  valve_initial_position: number | null;
  valve_does_change_position: boolean | null;
  valve_change_position_after_sec: number | null;
}

export type MethodListItem = Pick<
  Method,
  | 'id'
  | 'name'
  | 'favorite'
  | 'archived'
  | 'is_example'
  | 'editable'
  | 'hardware_configuration'
  | 'flow_rate_ml_per_min'
  | 'run_time_min'
  | 'analog_signal_description'
>;

export interface MethodsPage {
  methods: MethodListItem[];
  total: number;
}

/** Identical list requests share one pending result (spec §3 shared client state). */
const methodsQuery = createDeduplicatedQuery((variables: Record<string, unknown>) =>
  graphql.query<{ methods: MethodListItem[]; methods_aggregate: { aggregate: { count: number } } }>(
    METHODS_WITH_TABLE_COLUMNS,
    variables,
  ),
);

export async function fetchMethods(params: ListParams): Promise<MethodsPage> {
  const data = await methodsQuery(listVariables(params));
  return { methods: data.methods, total: data.methods_aggregate.aggregate.count };
}

export async function fetchMethod(methodId: number): Promise<Method | null> {
  const data = await graphql.query<{ methods_by_pk: Method | null }>(METHOD_WITH_EXTENSIONS, { methodId });
  return data.methods_by_pk;
}

/** A mutation on a row the user may not change (an example) returns null instead of the row. */
function changed<T>(row: T | null): T {
  if (row === null) throw new Error('Example methods are read-only.');
  return row;
}

export async function setMethodFavorite(methodId: number, isFavorite: boolean): Promise<void> {
  const data = await graphql.query<{ update_methods_by_pk: { id: number } | null }>(
    SET_METHOD_FAVORITE_STATUS,
    {
      methodId,
      isFavorite,
    },
  );
  changed(data.update_methods_by_pk);
}

export async function setMethodArchived(methodId: number, isArchived: boolean): Promise<void> {
  const data = await graphql.query<{ update_methods_by_pk: { id: number } | null }>(
    SET_METHOD_ARCHIVING_STATUS,
    {
      methodId,
      isArchived,
    },
  );
  changed(data.update_methods_by_pk);
}

export async function renameMethod(methodId: number, name: string): Promise<void> {
  const data = await graphql.query<{ update_methods_by_pk: { id: number } | null }>(UPDATE_METHOD, {
    methodId,
    set: { name },
  });
  changed(data.update_methods_by_pk);
}

export type NewMethod = Partial<Omit<Method, 'id' | 'editable' | 'is_example'>> & { name: string };

export async function createMethod(object: NewMethod): Promise<{ id: number; name: string }> {
  const data = await graphql.query<{ insert_methods_one: { id: number; name: string } }>(CREATE_METHOD, {
    object,
  });
  const { id, name } = data.insert_methods_one;
  return { id, name };
}
