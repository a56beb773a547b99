// The fallback transports of the centrifuge client (bidirectional emulation), for networks without websockets:
// - HTTP stream: `POST /realtime/http_stream` with the connect command as body; the answer is a chunked body of
//   newline-terminated replies and pushes;
// - SSE: `GET /realtime/sse?cf_connect=<connect command>`; each reply is an event `data: <json>`;
// - later commands of either: `POST /emulation` `{session, node, data: "<newline-joined commands>"}` → 204.
// The connect reply carries `session` and `node`. A server-side disconnect is a disconnect push, then the stream
// ends. Commands for another process's node go to it through Redis (like Centrifugo's broker), so no sticky
// sessions are needed; without Redis they answer 404 (the client reconnects). One for a session that has gone
// answers 204 (its stream has ended already).
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClientSession, ClientTransport } from './client.ts';
import { SharedFrame } from './codec.ts';
import type { RealtimeHub } from './hub.ts';
import { disconnects, type Disconnect } from './protocol.ts';

/** Like the websocket frame limit: bigger emulation requests answer 413. */
export const MAX_EMULATION_BYTES = 64 * 1024;

export const emulationPaths = {
  httpStream: '/realtime/http_stream',
  sse: '/realtime/sse',
  emulation: '/emulation',
} as const;

const streamHeaders = {
  'cache-control': 'private, no-cache, no-store, must-revalidate, max-age=0',
  pragma: 'no-cache',
  expires: '0',
  'x-accel-buffering': 'no',
  // A stream holds its connection for its whole life: when it ends (the client's disconnect, a server's
  // shutdown) the connection closes with it instead of idling in keep-alive, which held a stopping server
  // open for its keep-alive timeout (72 s).
  connection: 'close',
};

/** Closes 35xx and 45xx are final for the client; others reconnect (protocol disconnect codes). */
const reconnects = (code: number) => !((code >= 3500 && code < 4000) || (code >= 4500 && code < 5000));

type Framing = 'http_stream' | 'sse';

/** The client's protobuf build marks its emulation requests with `cf_protocol=protobuf`; they speak JSON only. */
const asksProtobuf = (query: unknown) => (query as Record<string, unknown>).cf_protocol === 'protobuf';
const jsonOnly = {
  code: 'bad_request',
  detail: 'The HTTP-stream and SSE transports speak JSON only; use the websocket for protobuf.',
};

function write(response: ServerResponse, framing: Framing, frame: string): void {
  if (framing === 'http_stream') {
    response.write(`${frame}\n`);
    return;
  }
  // One event per reply: the client decodes each event's data as replies separated by newlines.
  let events = '';
  for (const line of frame.split('\n')) if (line !== '') events += `data: ${line}\n\n`;
  response.write(events);
}

export function attachRealtimeEmulation(app: FastifyInstance, hub: RealtimeHub): void {
  const node = hub.node;
  const sessions = new Map<string, ClientSession>();
  hub.onEmulationCommands((session, data) => sessions.get(session)?.receive(data));

  function open(reply: FastifyReply, framing: Framing, connect: string): void {
    const response = reply.raw;
    reply.hijack();
    response.writeHead(200, {
      ...streamHeaders,
      'content-type': framing === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/json',
    });
    response.flushHeaders();
    const session = randomUUID();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      sessions.delete(session);
      client.closed();
    };
    const transport: ClientTransport = {
      send: (frame) => {
        if (ended) return;
        const bytes = frame instanceof SharedFrame ? frame.payload : frame;
        write(response, framing, typeof bytes === 'string' ? bytes : bytes.toString('utf8'));
      },
      bufferedBytes: () => response.writableLength,
      close(disconnect: Disconnect) {
        if (ended) return;
        const push = { disconnect: { ...disconnect, reconnect: reconnects(disconnect.code) } };
        write(response, framing, JSON.stringify({ push }));
        ended = true;
        sessions.delete(session);
        response.end();
      },
      connectFields: () => ({ session, node }),
    };
    const client = hub.open(transport);
    sessions.set(session, client);
    response.on('close', end);
    response.on('error', end);
    client.receive(connect);
  }

  // The body is the client's commands joined by newlines: taken as text, parsed as protocol frames.
  void app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    child.post(emulationPaths.httpStream, { bodyLimit: MAX_EMULATION_BYTES }, async (request, reply) => {
      if (asksProtobuf(request.query)) return reply.status(400).send(jsonOnly);
      open(reply, 'http_stream', typeof request.body === 'string' ? request.body : '');
    });
  });

  app.get(emulationPaths.sse, async (request, reply) => {
    if (asksProtobuf(request.query)) return reply.status(400).send(jsonOnly);
    const connect = (request.query as Record<string, unknown>).cf_connect;
    if (typeof connect !== 'string' || connect.length > MAX_EMULATION_BYTES) {
      return reply.status(400).send({ code: 'bad_request', detail: 'cf_connect is required' });
    }
    open(reply, 'sse', connect);
  });

  app.options(emulationPaths.emulation, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .send(),
  );

  app.post(emulationPaths.emulation, { bodyLimit: MAX_EMULATION_BYTES }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    if (
      typeof body !== 'object' ||
      body === null ||
      typeof body.session !== 'string' ||
      typeof body.node !== 'string' ||
      typeof body.data !== 'string'
    ) {
      return reply.status(400).send({ code: 'bad_request', detail: 'session, node and data are required' });
    }
    if (body.node === node) {
      sessions.get(body.session)?.receive(body.data);
    } else if (!(await hub.forwardEmulationCommands(body.node, body.session, body.data))) {
      return reply.status(404).send({ code: 'not_found', detail: 'Unknown node' });
    }
    return reply.status(204).send();
  });

  app.addHook('preClose', async () => {
    for (const client of [...sessions.values()]) client.close(disconnects.shutdown);
  });
}
