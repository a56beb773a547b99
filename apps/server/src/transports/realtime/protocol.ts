// The Centrifugo client protocol (v2, JSON framing) as centrifuge-js 5.x speaks it: shapes and codes.

/** Error codes sent in `Reply.error` (centrifuge errors.go). */
export const errors = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unauthorized: { code: 101, message: 'unauthorized' },
  unknownChannel: { code: 102, message: 'unknown channel' },
  permissionDenied: { code: 103, message: 'permission denied' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
  expired: { code: 110, message: 'expired' },
  tooManyRequests: { code: 111, message: 'too many requests', temporary: true },
  unrecoverablePosition: { code: 112, message: 'unrecoverable position' },
} as const satisfies Record<string, ProtocolError>;

export interface ProtocolError {
  code: number;
  message: string;
  temporary?: boolean;
}

/** Disconnect codes (centrifuge disconnect.go): 3000–3499 reconnect, 3500–3999 terminal. */
export const disconnects = {
  shutdown: { code: 3001, reason: 'shutdown' },
  internal: { code: 3004, reason: 'internal server error' },
  connectionExpired: { code: 3005, reason: 'connection expired' },
  subscriptionExpired: { code: 3006, reason: 'subscription expired' },
  slow: { code: 3008, reason: 'slow' },
  writeError: { code: 3009, reason: 'write error' },
  forceReconnect: { code: 3011, reason: 'force reconnect' },
  noPong: { code: 3012, reason: 'no pong' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  forceDisconnect: { code: 3503, reason: 'force disconnect' },
  channelLimit: { code: 3505, reason: 'channel limit' },
  permissionDenied: { code: 3507, reason: 'permission denied' },
} as const satisfies Record<string, Disconnect>;

export interface Disconnect {
  code: number;
  reason: string;
}

/** Unsubscribe push codes (centrifuge unsubscribe.go): < 2500 final, ≥ 2500 the client resubscribes. */
export const unsubscribes = {
  server: { code: 2000, reason: 'server unsubscribe' },
  insufficientState: { code: 2500, reason: 'insufficient state' },
  expired: { code: 2501, reason: 'subscription expired' },
} as const;

export interface StreamPosition {
  offset: number;
  epoch: string;
}

export interface ClientInfo {
  user: string;
  client: string;
  conn_info?: unknown;
  chan_info?: unknown;
}

export interface ConnectRequest {
  token?: string;
  data?: unknown;
  name?: string;
  version?: string;
}

export interface SubscribeRequest {
  channel?: string;
  token?: string;
  recover?: boolean;
  epoch?: string;
  offset?: number;
  recoverable?: boolean;
  join_leave?: boolean;
  positioned?: boolean;
  data?: unknown;
}

export interface HistoryRequest {
  channel?: string;
  limit?: number;
  since?: Partial<StreamPosition>;
  reverse?: boolean;
}

/** One command of a frame; exactly one request field is meaningful (the first one set wins). */
export interface Command {
  id?: number;
  connect?: ConnectRequest;
  subscribe?: SubscribeRequest;
  unsubscribe?: { channel?: string };
  publish?: { channel?: string; data?: unknown };
  presence?: { channel?: string };
  presence_stats?: { channel?: string };
  history?: HistoryRequest;
  ping?: Record<string, never>;
  send?: { data?: unknown };
  rpc?: { method?: string; data?: unknown };
  refresh?: { token?: string };
  sub_refresh?: { channel?: string; token?: string };
}

export const commandKinds = [
  'connect',
  'subscribe',
  'unsubscribe',
  'publish',
  'presence',
  'presence_stats',
  'history',
  'ping',
  'send',
  'rpc',
  'refresh',
  'sub_refresh',
] as const;
export type CommandKind = (typeof commandKinds)[number];

/** The first request field set on a command, or null for an empty command (a pong). */
export function commandKind(command: Command): CommandKind | null {
  for (const kind of commandKinds) if (command[kind] !== undefined) return kind;
  return null;
}

/** The wire form of a publication; `data` and `info` are raw JSON, never base64. */
export interface Publication {
  data: unknown;
  offset?: number;
  info?: ClientInfo;
}

/** The ping the server sends and the pong the client answers: an empty object. */
export const EMPTY_FRAME = '{}';
