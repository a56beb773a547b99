// The GraphQL documents the web app sends beyond spec §7's: the cabinet's instruments, measurements,
// choices and audit entries, and the shared view's sample. Their result types are generated from the
// server's schema (`npm run codegen`, typed-documents.generated.ts).

/** The columns of a stored peak, as `storedPeakSchema` reads them. */
export const STORED_PEAK_FIELDS = `id number name retention_time_sec start_sec end_sec baseline_start baseline_end area
  area_percent height width_half_sec tailing plates_half resolution signal_to_noise amount amount_unit
  start_code stop_code`;

export const DEVICES = `query Devices {
  devices(order_by: [{ position: asc }, { id: asc }]) {
    id serial_number name firmware_version state position last_seen_at hardware_configuration installed_column
  }
}`;

/** The audit entries of processing results: the manual integrations of the integration panel. */
export const INTEGRATION_AUDIT = `query IntegrationAudit($ids: [String!]) {
  auditEvents(where: { entity: { _eq: "processing_results" }, entity_id: { _in: $ids } }, order_by: [{ id: desc }]) {
    id at entity_id action reason old_values new_values
  }
}`;

const MEASUREMENT_FIELDS = `id name source state signal_unit points_count duration_sec created_at finished_at sample_id
  device_id injection_id channel_name channel_of_id`;

export const MEASUREMENTS = `query Measurements($limit: Int!, $offset: Int!, $where: measurements_bool_exp!) {
  measurements(limit: $limit, offset: $offset, order_by: [{ id: desc }], where: $where) {
    ${MEASUREMENT_FIELDS}
  }
  measurements_aggregate(where: $where) {
    aggregate {
      count
    }
  }
}`;

export const MEASUREMENTS_WITH_PEAKS = `query MeasurementsWithPeaks($ids: [Int!]) {
  measurements(where: { id: { _in: $ids } }, order_by: [{ id: asc }]) {
    ${MEASUREMENT_FIELDS}
    metadata
    peaks {
      ${STORED_PEAK_FIELDS}
    }
  }
}`;

/** The measurement of a sequence's running injection. */
export const LIVE_MEASUREMENT = `query LiveMeasurement($id: Int!) {
  measurements(where: { injection_id: { _eq: $id } }, limit: 1) { id }
}`;

/** The templates a viewer may reprocess with. */
export const REPROCESS_TEMPLATES = `query ReprocessTemplates {
  postprocessingTemplates(where: { is_archived: { _eq: false } }, order_by: [{ is_favorite: desc }, { id: desc }], limit: 200) { uuid name }
}`;

/** What a new sequence may run on and with. */
export const SEQUENCE_CHOICES = `query SequenceChoices {
  devices(order_by: [{ position: asc }, { id: asc }]) { id name state installed_column }
  methods(where: { archived: { _eq: false } }, order_by: [{ favorite: desc }, { id: desc }], limit: 200) { id name }
  postprocessingTemplates(where: { is_archived: { _eq: false } }, order_by: [{ is_favorite: desc }, { id: desc }], limit: 200) { uuid name }
}`;

/** A shared sample read with the visitor token: its injections, measurements and latest peaks. */
export const SHARED_SAMPLE = `query SharedSample($id: Int!) {
  samples_by_pk(id: $id) {
    id name type description column_name created_at
    injections {
      id state replicate vial started_at finished_at method_snapshot
      measurements {
        id name state signal_unit points_count duration_sec
        peaks { number name retention_time_sec area area_percent height amount amount_unit plates_half tailing resolution signal_to_noise
      start_code stop_code }
        processing_results { version template_snapshot figures }
      }
    }
  }
}`;
