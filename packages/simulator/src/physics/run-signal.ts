// Streams the points of one planned run in order: detector signal and pump pressure at the data rate.
// Points depend only on the plan and its seed, never on how callers slice the stream.
import { emgValue } from './emg.ts';
import { createBaseline, detectorResponse } from './detector.ts';
import type { RunPlan } from './plan.ts';
import { systemPressureBar } from './pressure.ts';
import { gaussian, mulberry32 } from './random.ts';
import { mobilePhaseViscosityCp } from './viscosity.ts';

export interface RunPoints {
  timeSec: number[];
  signalMau: number[];
  pressureBar: number[];
  percentB: number[];
}

/**
 * Appends `points` to `target` one by one: a spread (`push(...points)`) passes every point as an argument, and
 * the points of one tick after a long stall of the process (a loaded machine, an hour-long method at high
 * speed) exceeded the call stack, so the tick threw and its points and the run's end were lost.
 */
export function appendPoints(target: RunPoints, points: RunPoints): void {
  for (let index = 0; index < points.timeSec.length; index++) {
    target.timeSec.push(points.timeSec[index]!);
    target.signalMau.push(points.signalMau[index]!);
    target.pressureBar.push(points.pressureBar[index]!);
    target.percentB.push(points.percentB[index]!);
  }
}

export interface RunSignal {
  readonly totalPoints: number;
  readonly sampleIntervalSec: number;
  /** Points emitted so far. */
  readonly emitted: number;
  /** Emits every point with time ≤ untilSec that was not emitted yet. */
  pointsUntil(untilSec: number): RunPoints;
  /** Instant values at a run time, for telemetry (no noise draw). */
  pressureAt(timeSec: number): number;
  percentBAt(timeSec: number): number;
  /** The last signal value emitted, mAU (0 before the first point). */
  readonly lastSignal: number;
}

/** Pump pulsation: ±0.7 % at the piston stroke frequency. */
const RIPPLE_FRACTION = 0.007;
const PRESSURE_NOISE_BAR = 0.05;

export function createRunSignal(plan: RunPlan): RunSignal {
  const { method, column, composition } = plan;
  const sampleIntervalSec = 1 / method.dataRateHz;
  const totalPoints = Math.floor(plan.durationSec * method.dataRateHz) + 1;
  const baseline = createBaseline({
    seed: plan.noiseSeed,
    dataRateHz: method.dataRateHz,
    timeConstantSec: method.detectorTimeConstantSec,
    wavelengthNm: method.wavelengthNm,
  });
  const pressureNoise = gaussian(mulberry32(plan.noiseSeed + 1));
  // A stroke of about 0.1 mL: faster flow, faster ripple.
  const strokeHz = method.flowMlPerMin / 6;
  let emitted = 0;
  let lastSignal = 0;

  const basePressure = (timeSec: number) => {
    const percentB = composition.percentBAtColumn(timeSec - plan.holdUpTimeSec / 2);
    const viscosity = mobilePhaseViscosityCp(method.organicSolvent, percentB / 100, method.temperatureC);
    return systemPressureBar(column, method.flowMlPerMin, viscosity);
  };

  return {
    totalPoints,
    sampleIntervalSec,
    get emitted() {
      return emitted;
    },
    get lastSignal() {
      return lastSignal;
    },
    pointsUntil(untilSec) {
      const points: RunPoints = { timeSec: [], signalMau: [], pressureBar: [], percentB: [] };
      while (emitted < totalPoints) {
        const timeSec = Math.round(emitted * sampleIntervalSec * 1e6) / 1e6;
        if (timeSec > untilSec) break;
        const percentB = composition.percentBAtColumn(timeSec);
        let signal = baseline.next(timeSec, percentB);
        for (const peak of plan.peaks) {
          if (Math.abs(timeSec - peak.centerSec) < 12 * peak.sigmaSec + 40 * peak.tauSec) {
            signal += emgValue(
              {
                centerSec: peak.centerSec,
                sigmaSec: peak.sigmaSec,
                tauSec: peak.tauSec,
                area: peak.areaMauSec,
              },
              timeSec,
            );
          }
        }
        const ripple = 1 + RIPPLE_FRACTION * Math.sin(2 * Math.PI * strokeHz * timeSec);
        points.timeSec.push(timeSec);
        lastSignal = detectorResponse(signal);
        points.signalMau.push(lastSignal);
        points.pressureBar.push(
          Math.round((basePressure(timeSec) * ripple + PRESSURE_NOISE_BAR * pressureNoise()) * 100) / 100,
        );
        points.percentB.push(Math.round(percentB * 100) / 100);
        emitted++;
      }
      return points;
    },
    pressureAt: basePressure,
    percentBAt: (timeSec) => composition.percentBAtColumn(timeSec),
  };
}
