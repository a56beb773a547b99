// Thin transport for measurement files: the signal as JSON, CSV or AIA netCDF; import of a chromatogram file.
import type { MeasurementData, MeasurementImport } from '@eluent/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../compose.ts';
import { AppError } from '../../errors.ts';
import { pathId } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';
import { requireReader } from './reader.ts';

type Data = { Params: { id: string }; Querystring: { format?: string } };

export async function measurementRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { files, shareAccess } = services;
  // Multipart parsing stays inside this module's routes.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: files.maxImportBytes, files: 1 } });

    scoped.get<Data>('/api/measurements/:id/data/', async (request, reply) => {
      const id = pathId(request.params.id, 'measurement_not_found');
      const reader = await requireReader(services, request);
      const workspaceId = await shareAccess.workspaceFor(
        reader,
        { type: 'measurement', id },
        'measurement_not_found',
      );
      const format = request.query.format ?? 'json';
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="measurement-${id}.csv"`)
          .send(await files.csv(workspaceId, id));
      }
      if (format === 'cdf') {
        return reply
          .type('application/x-netcdf')
          .header('content-disposition', `attachment; filename="measurement-${id}.cdf"`)
          .send(Buffer.from(await files.cdf(workspaceId, id)));
      }
      if (format !== 'json') throw AppError.validation({ format: ['is not valid'] });
      const { timeSec, signal, unit } = await files.data(workspaceId, id);
      return { time_sec: Array.from(timeSec), signal: Array.from(signal), unit } satisfies MeasurementData;
    });

    scoped.post('/api/measurements/import/', async (request, reply) => {
      const actor = await requireActor(services, request);
      if (!request.isMultipart()) throw AppError.domain(415, 'unsupported_media_type');
      const file = await request.file();
      if (!file) throw AppError.validation({ file: ['Field is required'] });
      const bytes = new Uint8Array(
        await file.toBuffer().catch((error: unknown) => {
          throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? files.fileTooLarge() : error;
        }),
      );
      const template = file.fields.template_uuid;
      const templateUuid =
        template && !Array.isArray(template) && 'value' in template && typeof template.value === 'string'
          ? template.value
          : null;
      return reply
        .status(201)
        .send(
          (await files.import(
            actor,
            file.filename || 'import',
            bytes,
            templateUuid,
          )) satisfies MeasurementImport,
        );
    });
  });
}
