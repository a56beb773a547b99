// Thin transport for measurement files: the signal as JSON, CSV or AIA netCDF; import of a chromatogram file
// or a run folder; the channels of a run.
import type {
  ImportJob,
  MeasurementChannels,
  MeasurementData,
  MeasurementImport,
  MeasurementSpectrum,
  MeasurementVendorComparison,
} from '@eluent/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { AppError } from '../../errors.ts';
import type { SpectrumBaseline } from '../../services/results/files.ts';
import type { UploadPart } from '../../services/results/upload-parts.ts';
import { pathId } from '../../lib/input.ts';
import { requireActor, requireUser } from './authenticate.ts';
import { requireReader } from './reader.ts';

type Data = { Params: { id: string }; Querystring: { format?: string; peak_table?: string } };
type BandQuery = { Params: { id: string }; Querystring: { centre_nm?: string; bandwidth_nm?: string } };
type SpectrumQuery = {
  Params: { id: string };
  Querystring: { time_sec?: string; reference_sec?: string; reference_end_sec?: string };
};

/** A number of the query string: a finite number, else a validation error naming the field. */
function timeParam(value: string | undefined, field: string, required: boolean): number | undefined {
  if (value === undefined && !required) return undefined;
  const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) throw AppError.validation({ [field]: ['must be a number'] });
  return number;
}

/** The client asked for the job rather than the result (`Prefer: respond-async`, RFC 7240 §4.1). */
function wantsJob(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return values.split(',').some((token) => token.split(';')[0]!.trim().toLowerCase() === 'respond-async');
}

/** A run folder's signal files (a .D folder holds a few dozen at most). */
const MAX_IMPORT_FILES = 64;

/** Imports: a file, a zipped run folder or a folder's files, answered at once or as a job to follow. */
function importRoutes(scoped: FastifyInstance, services: Services): void {
  const { files, importJobs } = services;
  scoped.post('/api/measurements/import/', async (request, reply) => {
    const actor = await requireActor(services, request);
    if (!request.isMultipart()) throw AppError.domain(415, 'unsupported_media_type');
    // One chromatogram file (a lone CSV is read as it arrives), a zip of a run folder, or the files of a
    // run folder (directory upload).
    const parts = request.parts() as AsyncIterable<UploadPart>;
    if (wantsJob(request)) {
      // RFC 7240: the job once the upload has arrived; its progress on the owner's channel, its state at
      // `location`.
      const requestBytes = Number(request.headers['content-length']) || 0;
      const job = await importJobs.receive(actor, parts, requestBytes);
      return reply
        .status(202)
        .header('preference-applied', 'respond-async')
        .header('location', `/api/measurements/import/jobs/${job.job_id}/`)
        .send(job satisfies ImportJob);
    }
    return reply.status(201).send((await files.importParts(actor, parts)) satisfies MeasurementImport);
  });

  // The job's owner only (its id alone answers 404 to anyone else); no database is asked while this
  // process runs the job, so its owner follows and cancels it even while its transaction holds PGlite.
  scoped.get<{ Params: { id: string } }>('/api/measurements/import/jobs/:id/', async (request) => {
    const user = await requireUser(services, request);
    return (await importJobs.get(
      user.id,
      pathId(request.params.id, 'import_job_not_found'),
    )) satisfies ImportJob;
  });

  scoped.delete<{ Params: { id: string } }>('/api/measurements/import/jobs/:id/', async (request) => {
    const user = await requireUser(services, request);
    return (await importJobs.cancel(
      user.id,
      pathId(request.params.id, 'import_job_not_found'),
    )) satisfies ImportJob;
  });
}

export async function measurementRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { files, shareAccess } = services;
  /** The measurement of the path and the workspace its reader (a member or a share link) may read it in. */
  const readable = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = pathId(request.params.id, 'measurement_not_found');
    const reader = await requireReader(services, request);
    const workspaceId = await shareAccess.workspaceFor(
      reader,
      { type: 'measurement', id },
      'measurement_not_found',
    );
    return { id, workspaceId, reader };
  };
  // Multipart parsing stays inside this module's routes.
  await app.register(async (scoped) => {
    // preservePath: a directory upload names each file by its path in the folder ("brown.D/dad1A.ch").
    await scoped.register(multipart, {
      preservePath: true,
      limits: { fileSize: files.maxImportBytes, files: MAX_IMPORT_FILES },
    });

    scoped.get<Data>('/api/measurements/:id/data/', async (request, reply) => {
      const { id, workspaceId } = await readable(request);
      const format = request.query.format ?? 'json';
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="measurement-${id}.csv"`)
          .send(await files.csv(workspaceId, id));
      }
      if (format === 'cdf') {
        const peakTable = request.query.peak_table ?? 'result';
        if (peakTable !== 'result' && peakTable !== 'vendor')
          throw AppError.validation({ peak_table: ['must be result or vendor'] });
        return reply
          .type('application/x-netcdf')
          .header('content-disposition', `attachment; filename="measurement-${id}.cdf"`)
          .send(Buffer.from(await files.cdf(workspaceId, id, peakTable)));
      }
      if (format !== 'json') throw AppError.validation({ format: ['is not valid'] });
      const { timeSec, signal, unit } = await files.data(workspaceId, id);
      return { time_sec: Array.from(timeSec), signal: Array.from(signal), unit } satisfies MeasurementData;
    });

    importRoutes(scoped, services);

    scoped.get<Data>('/api/measurements/:id/asm/', async (request, reply) => {
      const { id, workspaceId } = await readable(request);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="measurement-${id}.asm.json"`)
        .send(JSON.stringify(await files.asm(workspaceId, id)));
    });

    scoped.get<SpectrumQuery>('/api/measurements/:id/spectrum/', async (request) => {
      const { id, workspaceId } = await readable(request);
      const timeSec = timeParam(request.query.time_sec, 'time_sec', true)!;
      const referenceSec = timeParam(request.query.reference_sec, 'reference_sec', false);
      const referenceEndSec = timeParam(request.query.reference_end_sec, 'reference_end_sec', false);
      // With an end too, the reference is a peak's limits: the line between their spectra (docs/formats.md).
      if (referenceEndSec !== undefined && referenceSec === undefined)
        throw AppError.validation({ reference_sec: ['is required with reference_end_sec'] });
      const baseline: SpectrumBaseline =
        referenceEndSec === undefined
          ? { kind: 'reference', referenceSec }
          : { kind: 'limits', startSec: referenceSec!, endSec: referenceEndSec };
      return (await files.spectrum(workspaceId, id, timeSec, baseline)) satisfies MeasurementSpectrum;
    });

    // A chromatogram extracted from the run's spectra at any wavelength and bandwidth (the data route's shape).
    scoped.get<BandQuery>('/api/measurements/:id/band/', async (request) => {
      const { id, workspaceId } = await readable(request);
      const centreNm = timeParam(request.query.centre_nm, 'centre_nm', true)!;
      const bandwidthNm = timeParam(request.query.bandwidth_nm, 'bandwidth_nm', false) ?? 4;
      return (await files.band(workspaceId, id, centreNm, bandwidthNm)) satisfies MeasurementData;
    });

    // The current result beside the peak table of the imported file (docs/processing.md).
    scoped.get<Data>('/api/measurements/:id/vendor-comparison/', async (request) => {
      const { id, workspaceId } = await readable(request);
      return (await files.vendorComparison(workspaceId, id)) satisfies MeasurementVendorComparison;
    });

    // A share link reads exactly its object: a visitor sees the run's channels the link opens, no others.
    scoped.get<Data>('/api/measurements/:id/channels/', async (request) => {
      const { id, workspaceId, reader } = await readable(request);
      const channels = await files.channels(workspaceId, id);
      if (reader.kind === 'user') return channels satisfies MeasurementChannels;
      const opened = await Promise.all(
        channels.map((channel) =>
          shareAccess
            .workspaceFor(
              reader,
              { type: 'measurement', id: channel.measurement_id },
              'measurement_not_found',
            )
            .then(
              () => true,
              () => false,
            ),
        ),
      );
      return channels.filter((_, index) => opened[index]) satisfies MeasurementChannels;
    });
  });
}
