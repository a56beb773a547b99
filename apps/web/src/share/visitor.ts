// The visitor side of a share link: the share token exchanged for a visitor token (cached per share token),
// GraphQL and REST calls made with it.
import { measurementDataSchema, measurementSpectrumSchema, type MeasurementData } from '@eluent/contracts';
import type { SpectrumReader } from '../features/chromatograms/spectrumBaseline.ts';
import { createAnonymousTokens, SHARE_TOKEN_PATH, ShareTokenExchangeError } from '../api/anonymousTokens.ts';
import { http, session, storage, versionState } from '../api/client.ts';
import { connectedFetch } from '../api/connectedFetch.ts';
import { createGraphqlClient } from '../api/graphql.ts';
import { InvalidAnswerError, parseAnswer, type AnswerSchema } from '../api/parse.ts';
import type { Session } from '../api/session.ts';

/** The generic error of the shared view (the specification does not give its wording). */
export const GENERIC_ERROR_TEXT = 'Something went wrong. Try to refresh the page.';

/**
 * What the shared view says of a failed load: an expired link or an answer that could not be read in their
 * own words, anything else as the generic error.
 */
export const shareErrorText = (error: unknown): string =>
  error instanceof ShareTokenExchangeError || error instanceof InvalidAnswerError
    ? error.message
    : GENERIC_ERROR_TEXT;

const currentUserId = (): string | null => session.current()?.payload.user_id ?? null;

const tokens = createAnonymousTokens({
  storage,
  userId: currentUserId(),
  exchange: async (shareToken, id) => {
    const result = await http.post<{ token: string }>(
      SHARE_TOKEN_PATH,
      { share_token: shareToken, id },
      { auth: false },
    );
    return result.ok ? result.data : null;
  },
});

export const visitorToken = (shareToken: string, id: number) => tokens.get(shareToken, id);

/** A GraphQL client whose bearer is the visitor token of one share link. */
export function visitorGraphql(shareToken: string, id: number) {
  const visitorSession: Session = {
    getAccessToken: () => tokens.get(shareToken, id),
    refresh: () => tokens.get(shareToken, id),
    save: () => undefined,
    logout: () => undefined,
    current: () => null,
    subscribe: () => () => undefined,
  };
  return createGraphqlClient({
    session: visitorSession,
    onVersion: (version) => versionState.report(version),
  });
}

/**
 * The stored signal of a measurement (contracts: rest/measurements.ts, a dropout's null kept as it came), read
 * with the given bearer; null when the server does not give it.
 */
export async function fetchSignal(
  measurementId: number,
  bearer: string | null,
): Promise<MeasurementData | null> {
  const response = await connectedFetch(`/api/measurements/${measurementId}/data/`, {
    headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) return null;
  return parseAnswer(measurementDataSchema, await response.json(), 'signal');
}

/** A printable report's data read with the visitor's bearer (the same answer the cabinet prints). */
export async function fetchReport(
  kind: 'injection' | 'sequence',
  id: number,
  bearer: string,
): Promise<unknown> {
  const response = await connectedFetch(`/api/reports/${kind}/${id}/`, {
    headers: { Authorization: `Bearer ${bearer}` },
    credentials: 'same-origin',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`report ${response.status}`);
  // Read with `reportSchema` by reportFromServer, as the cabinet's stored report data is.
  return response.json();
}

/**
 * A REST answer read with the visitor's bearer and the contracts' schema: the body when 200, null when 404,
 * else an error.
 */
export async function fetchVisitorJson<T>(
  path: string,
  bearer: string,
  schema: AnswerSchema<T>,
): Promise<T | null> {
  const response = await connectedFetch(path, {
    headers: { Authorization: `Bearer ${bearer}` },
    credentials: 'same-origin',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path} ${response.status}`);
  return parseAnswer(schema, await response.json(), path);
}

/** The Spectrum panel's reader of a shared run's spectra, with the visitor's bearer. */
export function visitorSpectrumReader(bearer: string): SpectrumReader {
  return async (measurementId, timeSec, referenceSec, referenceEndSec) => {
    let query = `time_sec=${timeSec}`;
    if (referenceSec !== null) query += `&reference_sec=${referenceSec}`;
    if (referenceSec !== null && referenceEndSec !== null) query += `&reference_end_sec=${referenceEndSec}`;
    const spectrum = await fetchVisitorJson(
      `/api/measurements/${measurementId}/spectrum/?${query}`,
      bearer,
      measurementSpectrumSchema,
    );
    if (!spectrum) throw new Error('This run has no spectra to show.');
    return spectrum;
  };
}
