// What the transports may call: the interface of every service the composition root builds (compose.ts
// fills it). Transports name this type, never the root's module; it holds types only.
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsService } from './accounts.ts';
import type { AuditTrailService } from './audit/audit-trail.ts';
import type { ContactService } from './contact.ts';
import type { createDevicesApi } from './devices/api.ts';
import type { DeviceService } from './devices/index.ts';
import type { GraphqlService } from './graphql/execute.ts';
import type { HealthService } from './health.ts';
import type { OverlaysService } from './overlays/overlays.ts';
import type { createRealtimeAuthorization } from './realtime/authorizers.ts';
import type { FilesService } from './results/files.ts';
import type { ImportJobsService } from './results/import-jobs.ts';
import type { ManualIntegrationService } from './results/manual-integration.ts';
import type { ReportsService } from './results/reports.ts';
import type { ReprocessingService } from './results/reprocessing.ts';
import type { createResultVersionsService } from './results/result-versions.ts';
import type { ResultsService } from './results/results.ts';
import type { TemplateComponentsService } from './results/template-components.ts';
import type { SamplesService } from './samples/samples.ts';
import type { SequenceControl } from './sequences/sequences-control.ts';
import type { SequencesService } from './sequences/sequences.ts';
import type { ShareAccess } from './sharing/share-access.ts';
import type { createShareLinksService } from './sharing/share-links.ts';
import type { createShareTokenService } from './sharing/share-tokens.ts';
import type { SignaturesService } from './signatures/signatures.ts';
import type { SessionTokenService, TokenSigner } from './tokens.ts';
import type { RecordVersionsService } from './versions/record-versions.ts';
import type { InvitationsService } from './workspaces/invitations.ts';
import type { WorkspacesService } from './workspaces/workspaces.ts';

/** The few settings routes read themselves, passed in from the configuration by the composition root. */
export interface TransportSettings {
  /** Sentry's DSN for the browser (`/api/client-config/`); absent → no error reporting. */
  sentryDsn: string | undefined;
  /** Proxies whose X-Forwarded-For is trusted (ELUENT_TRUST_PROXY). */
  trustProxyHops: number;
  /** ELUENT_RATE_LIMIT: requests per minute per address on the limited routes. */
  authRateLimitPerMinute: number;
  /** The address links in mail point at (ELUENT_PUBLIC_URL); absent → the request's own origin. */
  publicUrl: string | undefined;
}

export interface Services {
  settings: TransportSettings;
  logger: FastifyBaseLogger;
  signer: TokenSigner;
  sessions: SessionTokenService;
  accounts: AccountsService;
  devices: DeviceService;
  devicesApi: ReturnType<typeof createDevicesApi>;
  health: HealthService;
  contact: ContactService;
  shareTokens: ReturnType<typeof createShareTokenService>;
  graphql: GraphqlService;
  workspaces: WorkspacesService;
  invitations: InvitationsService;
  samples: SamplesService;
  sequences: SequencesService;
  control: SequenceControl;
  results: ResultsService;
  reprocessing: ReprocessingService;
  versions: ReturnType<typeof createResultVersionsService>;
  recordVersions: RecordVersionsService;
  components: TemplateComponentsService;
  signatures: SignaturesService;
  integration: ManualIntegrationService;
  shareLinks: ReturnType<typeof createShareLinksService>;
  shareAccess: ShareAccess;
  overlays: OverlaysService;
  files: FilesService;
  importJobs: ImportJobsService;
  reports: ReportsService;
  audit: AuditTrailService;
  realtimeAuthorization: ReturnType<typeof createRealtimeAuthorization>;
}
