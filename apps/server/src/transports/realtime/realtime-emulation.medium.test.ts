// The fallback transports with the real `centrifuge` client configured with them only: HTTP stream and SSE for
// server → client, POST /emulation for client → server commands.
import { Centrifuge, State, type PublicationContext } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, type UserNotification } from '@eluent/contracts';
import { request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { emulationPaths } from './emulation.ts';
import { FetchEventSource, notification, subscribeWithEndpoint } from './test-clients.ts';
import { eventually } from '../../../test/eventually.ts';

const openClients: Centrifuge[] = [];
afterEach(() => {
  for (const client of openClients.splice(0)) client.disconnect();
});

describe.each(['http_stream', 'sse'] as const)('realtime over %s emulation', (transport) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_REALTIME_PING_SEC: '1', ELUENT_REALTIME_PONG_TIMEOUT_SEC: '1' },
    });
    user = await signUp(server.baseUrl);
  });

  afterAll(async () => {
    await server.dispose();
  });

  /** Pongs the client sent over POST /emulation that the server took (204). */
  let pongsTaken = 0;
  async function countingFetch(...[input, init]: Parameters<typeof fetch>): Promise<Response> {
    const response = await globalThis.fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith(emulationPaths.emulation) && typeof init?.body === 'string' && response.status === 204) {
      if ((JSON.parse(init.body) as { data?: string }).data === '{}') pongsTaken += 1;
    }
    return response;
  }

  function emulatedClient(): Centrifuge {
    const endpoint = `${server.baseUrl}${transport === 'sse' ? emulationPaths.sse : emulationPaths.httpStream}`;
    const client = new Centrifuge([{ transport, endpoint }], {
      token: user.access,
      emulationEndpoint: `${server.baseUrl}${emulationPaths.emulation}`,
      fetch: countingFetch,
      readableStream: globalThis.ReadableStream,
      eventsource: FetchEventSource,
      minReconnectDelay: 100,
      maxReconnectDelay: 500,
      timeout: 10_000,
    });
    openClients.push(client);
    return client;
  }

  it('connects, subscribes, receives publications and answers rpc and history', async () => {
    const client = emulatedClient();
    const transports: string[] = [];
    client.on('connected', (context) => transports.push(context.transport));
    client.connect();
    await client.ready(10_000);
    expect(transports).toEqual([transport]);

    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access);
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    subscription.subscribe();
    await subscription.ready(10_000);

    await server.context.realtime.publish(channel, notification(1));
    await server.context.realtime.publish(channel, notification(2));
    await eventually(() => received.length === 2, { what: 'two publications' });
    expect(received.map((context) => context.data)).toEqual([notification(1), notification(2)]);

    expect((await client.rpc('echo', { hello: transport })).data).toEqual({ hello: transport });
    const history = await subscription.history({ limit: 10 });
    expect(history.publications.map((publication) => publication.data)).toEqual([
      notification(1),
      notification(2),
    ]);
    // Delivered live, not recovered after a reconnect: every frame on the stream was readable.
    expect(transports).toEqual([transport]);
  });

  it('keeps the connection through server pings answered over /emulation', async () => {
    const client = emulatedClient();
    const disconnects: number[] = [];
    client.on('connecting', (context) => disconnects.push(context.code));
    client.on('disconnected', (context) => disconnects.push(context.code));
    client.connect();
    await client.ready(10_000);
    // Pings every second with a one-second pong deadline: several rounds without a 3012 close.
    const before = pongsTaken;
    await eventually(() => pongsTaken >= before + 3, { what: 'three pongs taken' });
    expect(client.state).toBe(State.Connected);
    expect(disconnects).toEqual([0]);
  });

  it('delivers a server disconnect as a push: the client reconnects and recovers what it missed', async () => {
    const client = emulatedClient();
    const codes: number[] = [];
    client.on('connecting', (context) => codes.push(context.code));
    client.connect();
    await client.ready(10_000);
    const channel = channels.user(user.id);
    const subscription = subscribeWithEndpoint(client, server.baseUrl, channel, () => user.access, {
      recoverable: true,
    });
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    subscription.subscribe();
    await subscription.ready(10_000);
    await server.context.realtime.publish(channel, notification(10));
    await eventually(() => received.length === 1, { what: 'first publication' });

    await server.context.realtime.disconnectUser(user.id);
    await eventually(() => codes.includes(3011), { what: 'force reconnect' });
    await server.context.realtime.publish(channel, notification(11));
    await eventually(() => received.length === 2 && client.state === State.Connected, {
      what: 'recovered publication',
    });
    expect(received.map((context) => (context.data as UserNotification).id)).toEqual(['n10', 'n11']);
  });

  it("closes a stream's connection when the stream ends, so a stopping server never waits on it", async () => {
    // Left in keep-alive after the stream, the connection held a stopping server open for its keep-alive
    // timeout (72 s).
    const connect = JSON.stringify({ id: 1, connect: { token: user.access } });
    const abort = new AbortController();
    const response =
      transport === 'sse'
        ? await fetch(`${server.baseUrl}${emulationPaths.sse}?cf_connect=${encodeURIComponent(connect)}`, {
            signal: abort.signal,
          })
        : await fetch(`${server.baseUrl}${emulationPaths.httpStream}`, {
            method: 'POST',
            body: connect,
            signal: abort.signal,
          });
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    abort.abort();
  });

  it('answers emulation requests for another node with 404 and malformed ones with 400', async () => {
    const unknownNode = await request(server.baseUrl, 'POST', emulationPaths.emulation, {
      body: { session: 'nope', node: 'elsewhere', data: '{"id":1,"rpc":{}}' },
    });
    expect(unknownNode.status).toBe(404);
    const malformed = await request(server.baseUrl, 'POST', emulationPaths.emulation, { raw: '{' });
    expect(malformed.status).toBe(400);
    const incomplete = await request(server.baseUrl, 'POST', emulationPaths.emulation, { body: { data: 1 } });
    expect(incomplete.status).toBe(400);
  });
});
