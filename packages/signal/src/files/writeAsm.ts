// An Allotrope Simple Model (ASM) liquid-chromatography document (REC/2024/03, the tabular schema): the
// chromatogram as a data cube, the peak list of a processing result, and the run's facts.

/** One peak of a processing result, times in seconds. */
export interface AsmPeak {
  number: number;
  name: string | null;
  retentionTimeSec: number;
  startSec: number;
  endSec: number;
  area: number;
  height: number;
  areaPercent: number | null;
  heightPercent: number | null;
  widthHalfSec: number | null;
  widthBaseSec: number | null;
  plates: number | null;
  resolution: number | null;
}

export interface AsmInput {
  timeSec: ArrayLike<number>;
  values: ArrayLike<number>;
  /** The signal's unit as Eluent stores it (`mAU`, `AU`, `mV`, `V`). */
  signalUnit: string;
  peaks: AsmPeak[];
  measurementIdentifier: string;
  sampleName: string;
  /** ISO 8601 date-time of the injection (the file's acquisition date for an imported run). */
  injectionTime: string;
  analyst: string;
  /** The injected volume in µL (mm³), when known. */
  injectionVolumeUl?: number | null;
  methodName?: string;
  instrument?: string;
  /** The channel's signal description ("DAD A, Sig=254,10 Ref=off"). */
  channelName?: string;
  /** How the peaks were found: template name and algorithm versions, as one line each. */
  processing: { templateName: string; version: number; algorithms: string };
  software: { name: string; version: string };
}

/** The ASM manifest of the liquid-chromatography tabular schema, by IRI. */
export const ASM_LC_MANIFEST =
  'http://purl.allotrope.org/manifests/liquid-chromatography/REC/2024/03/liquid-chromatography.tabular.manifest';

/** Measures ASM defines for a chromatogram, and the factor from Eluent's units onto them. */
const MEASURES: Record<string, { concept: string; unit: string; factor: number; area: string }> = {
  mAU: { concept: 'absorbance', unit: 'mAU', factor: 1, area: 'mAU.s' },
  AU: { concept: 'absorbance', unit: 'mAU', factor: 1000, area: 'mAU.s' },
  mV: { concept: 'voltage', unit: 'mV', factor: 1, area: 'mV.s' },
  V: { concept: 'voltage', unit: 'mV', factor: 1000, area: 'mV.s' },
};

/** True when ASM has a chromatogram measure for the unit (absorbance or voltage). */
export function asmSupportsUnit(unit: string): boolean {
  return unit in MEASURES;
}

const quantity = (value: number, unit: string) => ({ value, unit });

/** The detector's settings: its type, and the wavelength and bandwidth a "Sig=254,10" description names. */
function deviceControl(channelName: string | undefined, concept: string) {
  const match = /Sig=(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)/.exec(channelName ?? '');
  return {
    'device control document': [
      {
        '@index': 1,
        'device type': concept === 'absorbance' ? 'absorbance detector' : 'analog detector',
        ...(match
          ? {
              'detector wavelength setting': quantity(Number(match[1]), 'nm'),
              'detector bandwidth setting': quantity(Number(match[2]), 'nm'),
            }
          : {}),
      },
    ],
  };
}

function peakDocument(peak: AsmPeak, index: number, measure: (typeof MEASURES)[string]) {
  const document: Record<string, unknown> = {
    '@index': index + 1,
    identifier: String(peak.number),
    'retention time': quantity(peak.retentionTimeSec, 's'),
    'peak start': quantity(peak.startSec, 's'),
    'peak end': quantity(peak.endSec, 's'),
    'peak area': quantity(peak.area * measure.factor, measure.area),
    'peak height': quantity(peak.height * measure.factor, measure.unit),
  };
  if (peak.name) document['written name'] = peak.name;
  if (peak.areaPercent !== null) document['relative peak area'] = quantity(peak.areaPercent, '%');
  if (peak.heightPercent !== null) document['relative peak height'] = quantity(peak.heightPercent, '%');
  if (peak.widthHalfSec !== null) document['peak width at half height'] = quantity(peak.widthHalfSec, 's');
  if (peak.widthBaseSec !== null) document['peak width at baseline'] = quantity(peak.widthBaseSec, 's');
  if (peak.plates !== null) {
    document['number of theoretical plates (chromatography)'] = quantity(peak.plates, '(unitless)');
  }
  if (peak.resolution !== null) {
    document['chromatographic peak resolution'] = quantity(peak.resolution, '(unitless)');
  }
  return document;
}

/**
 * The ASM document of one chromatogram and its peaks.
 * @throws RangeError when the signal's unit has no ASM chromatogram measure (only absorbance and voltage do).
 */
export function writeAsm(input: AsmInput): Record<string, unknown> {
  const measure = MEASURES[input.signalUnit];
  if (!measure) {
    throw new RangeError(
      `ASM has no chromatogram measure for the unit ${JSON.stringify(input.signalUnit)} (absorbance or voltage only)`,
    );
  }
  const retention = Array.from(input.timeSec);
  const values = Array.from(input.values, (value) => value * measure.factor);
  const measurement: Record<string, unknown> = {
    'measurement identifier': input.measurementIdentifier,
    'chromatography column document': {},
    'injection document': {
      'injection identifier': input.measurementIdentifier,
      'injection time': input.injectionTime,
      // ASM requires the field; an imported file does not record the volume, written then as 0 (docs/formats.md).
      'autosampler injection volume setting (chromatography)': quantity(input.injectionVolumeUl ?? 0, 'mm^3'),
    },
    'sample document': { 'sample identifier': input.sampleName, 'written name': input.sampleName },
    'detection type': measure.concept === 'absorbance' ? 'single channel' : 'analog',
    'device control aggregate document': deviceControl(input.channelName, measure.concept),
    'chromatogram data cube': {
      label: input.channelName || 'chromatogram',
      'cube-structure': {
        dimensions: [{ '@componentDatatype': 'double', concept: 'retention time', unit: 's' }],
        measures: [{ '@componentDatatype': 'double', concept: measure.concept, unit: measure.unit }],
      },
      data: { dimensions: [retention], measures: [values] },
    },
    'processed data aggregate document': {
      'processed data document': [
        {
          'data processing document': {
            'method identifier': input.processing.templateName,
            'data processing description': `Eluent result version ${input.processing.version}; ${input.processing.algorithms}`,
          },
          'peak list': { peak: input.peaks.map((peak, index) => peakDocument(peak, index, measure)) },
        },
      ],
    },
  };
  return {
    '$asm.manifest': ASM_LC_MANIFEST,
    'liquid chromatography aggregate document': {
      'device system document': {
        ...(input.instrument ? { 'model number': input.instrument } : {}),
        'device identifier': input.instrument || 'unknown',
      },
      'liquid chromatography document': [
        {
          analyst: input.analyst,
          ...(input.methodName ? { 'submission method identifier': input.methodName } : {}),
          'measurement aggregate document': { 'measurement document': [measurement] },
        },
      ],
      'data system document': {
        'software name': input.software.name,
        'software version': input.software.version,
        'ASM converter name': input.software.name,
        'ASM converter version': input.software.version,
      },
    },
  };
}
