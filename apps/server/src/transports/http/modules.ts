// The server's route modules, registered in this order. Each module is a thin transport over services
// (services/index.ts names what they may call).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { accountsRoutes } from './accounts-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { contactRoutes } from './contact-routes.ts';
import { deviceRoutes } from './device-routes.ts';
import { graphqlRoutes } from '../graphql/routes.ts';
import { healthRoutes } from './health-routes.ts';
import { measurementRoutes } from './measurement-routes.ts';
import { overlayRoutes } from './overlay-routes.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { realtimeRoutes } from '../realtime/routes.ts';
import { reportRoutes } from './report-routes.ts';
import { resultRoutes } from './result-routes.ts';
import { sampleRoutes } from './sample-routes.ts';
import { sequenceRoutes } from './sequence-routes.ts';
import { shareLinkRoutes } from './share-link-routes.ts';
import { shareTokenRoutes } from './share-token-routes.ts';
import { signatureRoutes } from './signature-routes.ts';
import { versionRoutes } from './version-routes.ts';
import { workspaceRoutes } from './workspace-routes.ts';

/** A route module: the services it calls, and the realtime hub (itself a transport, built by the root). */
export type Module = (app: FastifyInstance, services: Services, realtime: RealtimeHub) => Promise<void>;

export const modules: Module[] = [
  healthRoutes,
  accountsRoutes,
  contactRoutes,
  (app, _services, realtime) => realtimeRoutes(app, realtime),
  graphqlRoutes,
  deviceRoutes,
  shareTokenRoutes,
  sampleRoutes,
  sequenceRoutes,
  reportRoutes,
  measurementRoutes,
  resultRoutes,
  versionRoutes,
  signatureRoutes,
  shareLinkRoutes,
  overlayRoutes,
  auditRoutes,
  workspaceRoutes,
];
