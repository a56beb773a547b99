// The sequences area of one server, built once per context: repositories, services, the runner on the
// instrument port, and the realtime authorizer of `sequences:{id}`.
import type { AppContext } from '../../context.ts';
import { createProcessingJobsRepository } from '../../repositories/processing-jobs.ts';
import { createResultsRepository } from '../../repositories/results.ts';
import { createShareTokensRepository } from '../../repositories/share-tokens.ts';
import { createSamplesRepository } from '../../repositories/samples.ts';
import { createRunsRepository } from '../../repositories/sequences-runs.ts';
import { createSequencesRepository } from '../../repositories/sequences.ts';
import { createFilesService } from '../results/files.ts';
import { createManualIntegrationService } from '../results/manual-integration.ts';
import { createReportsService } from '../results/reports.ts';
import { createReprocessingService } from '../results/reprocessing.ts';
import { createResultVersionsService } from '../results/result-versions.ts';
import { createResultsService } from '../results/results.ts';
import { createSamplesService } from '../samples/samples.ts';
import { createShareAccess } from '../sharing/share-access.ts';
import { createShareLinksService } from '../sharing/share-links.ts';
import { createSequenceControl } from './sequences-control.ts';
import { createSequencesService } from './sequences.ts';
import { devicePort } from './device-port.ts';
import { createSequenceRunner } from './runner.ts';

function build(context: AppContext) {
  const { db } = context.database;
  const samplesRepository = createSamplesRepository(db);
  const sequencesRepository = createSequencesRepository(db);
  const runs = createRunsRepository(db);
  const resultsRepository = createResultsRepository(db);
  const shareTokens = createShareTokensRepository(db);
  const port = devicePort(context);
  const results = createResultsService({
    results: resultsRepository,
    runs,
    samples: samplesRepository,
    sequences: sequencesRepository,
  });
  const runner = createSequenceRunner({
    sequences: sequencesRepository,
    samples: samplesRepository,
    runs,
    results,
    port,
    logger: context.logger,
    availability: context.database.availability,
    claims: context.database.claims,
    lostAfterMs: context.config.instrumentLostSec * 1000,
    publish: (event) => {
      // Progress is also in the database; a lost publication is replaced by the next one.
      context.realtime
        .publish(`sequences:${event.sequence_id}`, event)
        .catch((error: unknown) => context.logger.warn({ err: error }, 'sequence progress publish failed'));
    },
  });
  const reprocessing = createReprocessingService({
    jobs: createProcessingJobsRepository(db),
    runs,
    sequences: sequencesRepository,
    processing: results,
    logger: context.logger,
    availability: context.database.availability,
    claims: context.database.claims,
    publish: (ownerId, event) => {
      // The job row holds the progress; a lost publication is replaced by the next one.
      context.realtime
        .publish(`users:${ownerId}`, event)
        .catch((error: unknown) => context.logger.warn({ err: error }, 'job progress publish failed'));
    },
  });
  context.onClose(() => reprocessing.close());
  context.onClose(async () => runner.close());
  context.realtime.registerChannelAuthorizer('sequences', async (subject, sequenceId) => {
    if (subject.kind === 'visitor')
      return subject.scope.type === 'sequence' && subject.scope.id === sequenceId;
    return (await sequencesRepository.find(subject.userId, sequenceId)) !== undefined;
  });
  return {
    repositories: {
      samples: samplesRepository,
      sequences: sequencesRepository,
      runs,
      results: resultsRepository,
    },
    samples: createSamplesService(samplesRepository),
    sequences: createSequencesService(sequencesRepository, samplesRepository, runs),
    control: createSequenceControl({
      sequences: sequencesRepository,
      samples: samplesRepository,
      runs,
      port,
      runner,
      logger: context.logger,
    }),
    results,
    runner,
    reprocessing,
    versions: createResultVersionsService({ results: resultsRepository, runs, processing: results }),
    integration: createManualIntegrationService({ results: resultsRepository, processing: results }),
    shareLinks: createShareLinksService(shareTokens, db),
    shareAccess: createShareAccess({ shareTokens, runs }),
    files: createFilesService({
      results: resultsRepository,
      runs,
      sequences: sequencesRepository,
      processing: results,
    }),
    reports: createReportsService({
      db,
      sequences: sequencesRepository,
      samples: samplesRepository,
      runs,
      results: resultsRepository,
    }),
  };
}

export type SequencesArea = ReturnType<typeof build>;
const areas = new WeakMap<AppContext, SequencesArea>();

export function sequencesArea(context: AppContext): SequencesArea {
  let area = areas.get(context);
  if (!area) {
    area = build(context);
    areas.set(context, area);
  }
  return area;
}
