// Analytes the simulated instrument knows, with solvent-strength parameters that give realistic reversed-phase
// retention on a C18 column (small molecules: log kw 1–4, S 3–5).
import type { Compound } from '../physics/compound.ts';

function compound(
  name: string,
  logKwAcetonitrile: number,
  slopeAcetonitrile: number,
  molarVolumeCm3PerMol: number,
  responseMauSecPerNg: number,
  absorbanceMaxNm: number,
  tailingRatio = 0.25,
): Compound {
  return {
    name,
    retention: {
      logKwAcetonitrile,
      slopeAcetonitrile,
      // Methanol is the weaker solvent: higher retention, lower slope.
      logKwMethanol: logKwAcetonitrile + 0.25,
      slopeMethanol: slopeAcetonitrile * 0.85,
      logKPerDegreeC: -0.012,
    },
    molarVolumeCm3PerMol,
    responseMauSecPerNg,
    absorbanceMaxNm,
    tailingRatio,
  };
}

export const compounds = {
  uracil: compound('Uracil', -0.6, 1.0, 95, 3.6, 260, 0.15),
  theobromine: compound('Theobromine', 0.7, 3.6, 150, 3, 273),
  paracetamol: compound('Paracetamol', 0.85, 3.8, 150, 2.8, 245),
  theophylline: compound('Theophylline', 0.95, 3.7, 150, 3.12, 271),
  caffeine: compound('Caffeine', 1.15, 3.8, 170, 3.2, 273),
  aspirin: compound('Aspirin', 2.1, 4.0, 160, 1.8, 230, 0.35),
  benzoicAcid: compound('Benzoic acid', 2.3, 4.0, 125, 2.2, 230, 0.4),
  methylparaben: compound('Methylparaben', 2.7, 4.2, 155, 3.4, 256),
  ethylparaben: compound('Ethylparaben', 3.1, 4.4, 175, 3.28, 256),
  propylparaben: compound('Propylparaben', 3.55, 4.6, 195, 3.2, 256),
  toluene: compound('Toluene', 3.75, 4.3, 120, 0.48, 261, 0.2),
  naphthalene: compound('Naphthalene', 4.2, 4.6, 150, 2.4, 275, 0.2),
} satisfies Record<string, Compound>;

export type CompoundKey = keyof typeof compounds;
