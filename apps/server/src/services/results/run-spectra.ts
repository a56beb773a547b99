// A run's diode-array spectra (one spectrum, baseline-corrected as asked; a wavelength band's chromatogram)
// and its channels.
import { extractBand, spectrumAt, spectrumFromLimits } from '@eluent/signal';
import { AppError } from '../../errors.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import { ownedMeasurement } from './file-exports.ts';

/** How a spectrum is baseline-corrected: not, against one time, or from a peak's start and end. */
export type SpectrumBaseline =
  { kind: 'reference'; referenceSec?: number } | { kind: 'limits'; startSec: number; endSec: number };

type SpectrumCubeData = Awaited<ReturnType<ResultsRepository['spectra']>>[number];

/** A spectrum corrected from a peak's limits, in the reference form of a one-time correction. */
function limitsSpectrum(cube: SpectrumCubeData, timeSec: number, startSec: number, endSec: number) {
  if (!(endSec >= startSec))
    throw AppError.validation({ reference_end_sec: ['must not be before reference_sec'] });
  const corrected = spectrumFromLimits(cube, timeSec, startSec, endSec);
  return {
    timeSec: corrected.timeSec,
    referenceSec: corrected.startSec,
    referenceEndSec: corrected.endSec,
    absorbance: corrected.absorbance,
  };
}

export function createRunSpectra({ results, runs }: { results: ResultsRepository; runs: RunsRepository }) {
  const owned = (workspaceId: number, measurementId: number) =>
    ownedMeasurement(runs, workspaceId, measurementId);

  /**
   * The diode-array spectrum of the measurement's run recorded nearest to `timeSec`, baseline-corrected as
   * asked: minus the one nearest to a reference time, or minus the straight line between the spectra at a
   * peak's start and end (`spectrumFromLimits`). Any channel of the run answers for the run's spectra; a
   * measurement without spectra is 404.
   */
  async function spectrum(
    workspaceId: number,
    measurementId: number,
    timeSec: number,
    baseline: SpectrumBaseline,
  ) {
    const measurement = await owned(workspaceId, measurementId);
    const [cube] = await results.spectra(measurement.channel_of_id ?? measurement.id);
    if (!cube) throw AppError.domain(404, 'measurement_spectra_not_found');
    const corrected =
      baseline.kind === 'limits'
        ? limitsSpectrum(cube, timeSec, baseline.startSec, baseline.endSec)
        : { ...spectrumAt(cube, timeSec, baseline.referenceSec), referenceEndSec: null };
    return {
      time_sec: corrected.timeSec,
      reference_time_sec: corrected.referenceSec,
      reference_end_time_sec: corrected.referenceEndSec,
      wavelength_nm: Array.from(cube.wavelengthNm),
      absorbance: Array.from(corrected.absorbance),
      unit: cube.unit,
      file_name: cube.fileName,
    };
  }

  /**
   * The chromatogram of a wavelength band extracted from the run's spectra: the mean absorbance of the
   * wavelengths within ±bandwidth/2 of the centre at each spectrum's time. 422 when no wavelength of the
   * spectra lies in the band.
   */
  async function band(workspaceId: number, measurementId: number, centreNm: number, bandwidthNm: number) {
    const measurement = await owned(workspaceId, measurementId);
    const [cube] = await results.spectra(measurement.channel_of_id ?? measurement.id);
    if (!cube) throw AppError.domain(404, 'measurement_spectra_not_found');
    if (!(bandwidthNm >= 0)) throw AppError.validation({ bandwidth_nm: ['must be zero or more'] });
    const width = cube.wavelengthNm.length;
    if (!cube.wavelengthNm.some((nm) => Math.abs(nm - centreNm) <= bandwidthNm / 2 + 1e-9) || width === 0) {
      throw AppError.validation({
        centre_nm: [
          `no wavelength of the spectra (${cube.wavelengthNm[0]}–${cube.wavelengthNm[width - 1]} nm) lies in the band`,
        ],
      });
    }
    const values = extractBand(cube, centreNm, bandwidthNm);
    return { time_sec: Array.from(cube.timeSec), signal: Array.from(values), unit: cube.unit };
  }

  /** The channels of the run a measurement belongs to, first channel first; one entry without channels. */
  async function channels(workspaceId: number, measurementId: number) {
    const measurement = await owned(workspaceId, measurementId);
    const runId = measurement.channel_of_id ?? measurement.id;
    const rows = await runs.channelsOf(runId);
    return rows.map((row) => ({
      measurement_id: row.id,
      name: row.channel_name ?? row.name,
      unit: row.signal_unit,
    }));
  }

  return { spectrum, band, channels };
}
