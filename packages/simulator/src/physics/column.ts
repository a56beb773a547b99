// Column geometry and hold-up: how much mobile phase the packed bed holds and how long it takes to pass.

export interface ColumnSpec {
  name: string;
  lengthMm: number;
  innerDiameterMm: number;
  particleSizeUm: number;
  /** Interparticle (between particles) porosity ε_e. @default 0.4 */
  interparticlePorosity: number;
  /** Intraparticle (inside the pores) porosity ε_i. @default 0.4 */
  intraparticlePorosity: number;
  /** Coefficient scaling the stationary phase's retention; 1 for a fresh C18. */
  retentionScale: number;
}

/** The reference default: C18, 4.6 × 150 mm, 5 µm. */
export const defaultColumn: ColumnSpec = {
  name: 'C18 4.6 × 150 mm, 5 µm',
  lengthMm: 150,
  innerDiameterMm: 4.6,
  particleSizeUm: 5,
  interparticlePorosity: 0.4,
  intraparticlePorosity: 0.4,
  retentionScale: 1,
};

/** ε_T = ε_e + ε_i·(1 − ε_e). */
export function totalPorosity(column: ColumnSpec): number {
  const { interparticlePorosity: outer, intraparticlePorosity: inner } = column;
  return outer + inner * (1 - outer);
}

/** Cross-section area in cm². */
export function crossSectionCm2(column: ColumnSpec): number {
  const radiusCm = column.innerDiameterMm / 20;
  return Math.PI * radiusCm * radiusCm;
}

/** V0 = ε_T·π·r²·L in mL (cm³). */
export function holdUpVolumeMl(column: ColumnSpec): number {
  return totalPorosity(column) * crossSectionCm2(column) * (column.lengthMm / 10);
}

/** t0 = V0 / F in seconds. */
export function holdUpTimeSec(column: ColumnSpec, flowMlPerMin: number): number {
  if (!(flowMlPerMin > 0)) throw new RangeError('flowMlPerMin must be positive');
  return (holdUpVolumeMl(column) / flowMlPerMin) * 60;
}
