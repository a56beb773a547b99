// Sample compositions for demos and tests, and the autosampler tray of a simulated instrument.
import type { SampleComposition } from '../physics/plan.ts';
import { compounds, type CompoundKey } from './compounds.ts';

function mix(
  name: string,
  kind: SampleComposition['kind'],
  amounts: Partial<Record<CompoundKey, number>>,
): SampleComposition {
  return {
    name,
    kind,
    analytes: Object.entries(amounts).map(([key, concentrationUgPerMl]) => ({
      compound: compounds[key as CompoundKey],
      concentrationUgPerMl: concentrationUgPerMl ?? 0,
    })),
  };
}

/** Caffeine calibration levels in µg/mL. */
const caffeineLevelsUgPerMl = [5, 10, 25, 50, 100] as const;

export const sampleLibrary = {
  blank: mix('Blank (mobile phase)', 'blank', {}),
  caffeineStandard: (concentrationUgPerMl: number) =>
    mix(`Caffeine standard ${concentrationUgPerMl} µg/mL`, 'standard', { caffeine: concentrationUgPerMl }),
  energyDrink: mix('Energy drink (diluted 1:10)', 'sample', {
    caffeine: 32,
    theobromine: 1.5,
    benzoicAcid: 15,
  }),
  coffee: mix('Coffee extract', 'sample', { caffeine: 58, theobromine: 3, theophylline: 1.2 }),
  painkiller: mix('Painkiller tablet', 'sample', { paracetamol: 80, caffeine: 12, aspirin: 60 }),
  parabenMix: mix('Paraben cosmetic extract', 'sample', {
    methylparaben: 20,
    ethylparaben: 8,
    propylparaben: 12,
  }),
  testMix: mix('Column test mix', 'standard', {
    uracil: 5,
    caffeine: 20,
    methylparaben: 15,
    toluene: 150,
    naphthalene: 10,
  }),
};

/**
 * The tray every simulated instrument starts with: vials 1–5 caffeine standards, 6 blank, 7–11 samples.
 * Other positions are empty (an injection from them draws air: a flat line).
 */
export function defaultTray(): Map<number, SampleComposition> {
  const tray = new Map<number, SampleComposition>();
  caffeineLevelsUgPerMl.forEach((level, index) => tray.set(index + 1, sampleLibrary.caffeineStandard(level)));
  tray.set(6, sampleLibrary.blank);
  tray.set(7, sampleLibrary.energyDrink);
  tray.set(8, sampleLibrary.coffee);
  tray.set(9, sampleLibrary.painkiller);
  tray.set(10, sampleLibrary.parabenMix);
  tray.set(11, sampleLibrary.testMix);
  return tray;
}
