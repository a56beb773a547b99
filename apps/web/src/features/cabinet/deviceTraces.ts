// The live pressure trace of one instrument from its status telemetry (seconds since the page opened):
// points appended, oldest dropped. The detector is drawn from the running injection's own points instead.
export const TRACE_POINTS = 600;

export interface DeviceTraces {
  timeSec: number[];
  pressureBar: (number | null)[];
  startMs: number | null;
  components: Record<string, string>;
}

export const emptyTraces: DeviceTraces = {
  timeSec: [],
  pressureBar: [],
  startMs: null,
  components: {},
};

interface TelemetryData {
  type?: string;
  at?: string;
  pressure_bar?: number | null;
  components?: Record<string, string>;
}

const keep = <T>(values: T[], next: T) => [...values, next].slice(-TRACE_POINTS);

export function appendTelemetry(traces: DeviceTraces, event: TelemetryData): DeviceTraces {
  if (event.type !== 'telemetry') return traces;
  const atMs = event.at ? Date.parse(event.at) : Number.NaN;
  const startMs = traces.startMs ?? (Number.isNaN(atMs) ? 0 : atMs);
  const lastSec = traces.timeSec.at(-1) ?? -1;
  const sec = Number.isNaN(atMs) ? lastSec + 1 : (atMs - startMs) / 1000;
  if (sec <= lastSec) return { ...traces, components: event.components ?? traces.components };
  return {
    timeSec: keep(traces.timeSec, sec),
    pressureBar: keep(traces.pressureBar, event.pressure_bar ?? null),
    startMs,
    components: event.components ?? traces.components,
  };
}
