// The app's one session, REST client and GraphQL client, wired together.
import { browserStorage } from '../lib/storage.ts';
import { CLIENT_VERSION } from '../lib/constants.ts';
import type { TokenPair } from '@eluent/contracts';
import { createSession } from './session.ts';
import { createHttpClient } from './http.ts';
import { createGraphqlClient } from './graphql.ts';
import { createVersionState } from './versionState.ts';
import { reportError } from '../lib/errorReporting.ts';

export const storage = browserStorage();

export const versionState = createVersionState(CLIENT_VERSION, (text) => console.warn(text));

export const session = createSession({
  storage,
  refreshCall: async (refresh) => {
    const result = await http.post<TokenPair>('/api/token/refresh/', { refresh }, { auth: false });
    return result.ok ? { ok: true, data: result.data } : { ok: false, status: result.status };
  },
  logoutCall: (refresh) => http.post('/api/token/logout/', { refresh }, { auth: false }),
});

export const http = createHttpClient({
  session,
  onVersion: (version) => versionState.report(version),
  onSessionEnded: () => session.logout(),
  reportError,
});

export const graphql = createGraphqlClient({
  session,
  onVersion: (version) => versionState.report(version),
});
