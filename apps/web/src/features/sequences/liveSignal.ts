// The live signal of a running injection: stored points first, then realtime chunks appended in time order.

export interface LiveSignal {
  measurementId: number;
  timeSec: number[];
  values: number[];
  unit: string;
  finished: boolean;
}

export const emptyLiveSignal = (measurementId: number): LiveSignal => ({
  measurementId,
  timeSec: [],
  values: [],
  unit: '',
  finished: false,
});

/** Appends the points later than the last one held (chunks may overlap what was read over REST). */
export function appendPoints(
  signal: LiveSignal,
  timeSec: readonly number[],
  values: readonly (number | null)[],
  unit: string,
): LiveSignal {
  const last = signal.timeSec.at(-1) ?? -Infinity;
  const nextTimes = signal.timeSec.slice();
  const nextValues = signal.values.slice();
  timeSec.forEach((time, index) => {
    const value = values[index];
    if (time > (nextTimes.at(-1) ?? last) && typeof value === 'number' && Number.isFinite(value)) {
      nextTimes.push(time);
      nextValues.push(value);
    }
  });
  if (nextTimes.length === signal.timeSec.length && unit === signal.unit) return signal;
  return { ...signal, timeSec: nextTimes, values: nextValues, unit: unit || signal.unit };
}
