/** The sequence and sample an instrument is running, as GET /api/devices/:id/ reports it. */
export interface DeviceSequenceRun {
  sequence_id: number;
  sequence_name: string;
  state: string;
  injection_id: number | null;
  injection_state: string | null;
  replicate: number | null;
  sample_name: string | null;
}
