// Back-pressure from Kozeny–Carman/Darcy (reference §2.3), calibrated to what real systems show.
import { crossSectionCm2, type ColumnSpec } from './column.ts';

/** Real columns run 1.5–2× the ideal Kozeny–Carman value (packing, frits). */
const PRESSURE_CALIBRATION_FACTOR = 1.8;
/** Tubing, injector and detector cell add a small flow-proportional part; bar at 1 mL/min and 1 cP. */
const EXTRA_COLUMN_BAR_PER_ML_PER_MIN_CP = 12;

/** Ideal packed-bed pressure drop in bar: ΔP = 180·η·L·u·(1 − ε)² / (ε³·d_p²), SI units inside. */
export function kozenyCarmanPressureBar(
  column: ColumnSpec,
  flowMlPerMin: number,
  viscosityCp: number,
): number {
  const viscosityPaS = viscosityCp * 1e-3;
  const lengthM = column.lengthMm * 1e-3;
  const areaM2 = crossSectionCm2(column) * 1e-4;
  const flowM3PerSec = (flowMlPerMin * 1e-6) / 60;
  const superficialVelocity = flowM3PerSec / areaM2;
  const porosity = column.interparticlePorosity;
  const particleM = column.particleSizeUm * 1e-6;
  const pascal =
    (180 * viscosityPaS * lengthM * superficialVelocity * (1 - porosity) ** 2) /
    (porosity ** 3 * particleM * particleM);
  return pascal / 1e5;
}

/** The pressure the pump reads: calibrated column pressure plus the extra-column part. */
export function systemPressureBar(column: ColumnSpec, flowMlPerMin: number, viscosityCp: number): number {
  return (
    PRESSURE_CALIBRATION_FACTOR * kozenyCarmanPressureBar(column, flowMlPerMin, viscosityCp) +
    EXTRA_COLUMN_BAR_PER_ML_PER_MIN_CP * flowMlPerMin * viscosityCp
  );
}
