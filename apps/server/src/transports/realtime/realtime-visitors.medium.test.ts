// Visitors of a shared link (spec §6) with the real `centrifuge` client: subscription tokens for the share
// token, the visitor JWT of the share-token exchange as connect token, foreign channels and revocation.
import type { Centrifuge, PublicationContext, Subscription } from 'centrifuge';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, type MeasurementFinishedEvent, type SequenceProgressEvent } from '@eluent/contracts';
import { request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { fetchSubscriptionToken, newClient } from './test-clients.ts';
import { eventually } from '../../../test/eventually.ts';

const openClients: Centrifuge[] = [];
afterEach(() => {
  for (const client of openClients.splice(0)) client.disconnect();
});

function progress(sequenceId: number, completed: number): SequenceProgressEvent {
  return {
    type: 'progress',
    sequence_id: sequenceId,
    state: 'RUNNING',
    current_draft_id: null,
    current_injection_id: null,
    current_measurement_id: null,
    completed_injections: completed,
    total_injections: 3,
    error_code: null,
    at: new Date(0).toISOString(),
  };
}

function finished(measurementId: number): MeasurementFinishedEvent {
  return { type: 'finished', measurement_id: measurementId, points: 10, state: 'completed' };
}

describe('realtime visitors', () => {
  let server: TestServer;
  const ids = {
    sample: 0,
    sequence: 0,
    injection: 0,
    measurement: 0,
    foreignMeasurement: 0,
    foreignSequence: 0,
  };
  const shares = { sequence: 'share-sequence-token', sample: 'share-sample-token', revoked: 'share-revoked' };

  async function insert(query: ReturnType<typeof sql>): Promise<number> {
    const result = await query.execute(server.context.database.db);
    return (result.rows[0] as { id: number }).id;
  }

  async function share(token: string, type: string, objectId: number): Promise<number> {
    return insert(sql`insert into "shareTokens" (owner_id, workspace_id, token, object_type, object_id, expires_at)
      select owner_id, workspace_id, ${token}, ${type}, ${objectId}, now() + interval '1 day'
      from ${sql.table(type === 'sequence' ? 'sequences' : 'samples')} where id = ${objectId} returning id`);
  }

  beforeAll(async () => {
    server = await startTestServer({ backend: { name: 'pglite' } });
    const owner = await signUp(server.baseUrl);
    const stranger = await signUp(server.baseUrl);
    const objects = async (userId: number) => {
      const workspace = sql`(select current_workspace_id from users where id = ${userId})`;
      const sample = await insert(
        sql`insert into samples (owner_id, workspace_id, name) values (${userId}, ${workspace}, 'S') returning id`,
      );
      const sequence = await insert(
        sql`insert into sequences (owner_id, workspace_id, name) values (${userId}, ${workspace}, 'Q') returning id`,
      );
      const injection =
        await insert(sql`insert into injections (owner_id, workspace_id, sequence_id, sample_id)
        values (${userId}, ${workspace}, ${sequence}, ${sample}) returning id`);
      const measurement = await insert(sql`insert into measurements (owner_id, workspace_id, injection_id)
        values (${userId}, ${workspace}, ${injection}) returning id`);
      return { sample, sequence, injection, measurement };
    };
    Object.assign(ids, await objects(owner.id));
    const foreign = await objects(stranger.id);
    ids.foreignMeasurement = foreign.measurement;
    ids.foreignSequence = foreign.sequence;
    await share(shares.sequence, 'sequence', ids.sequence);
    await share(shares.sample, 'sample', ids.sample);
  });

  afterAll(async () => {
    await server.dispose();
  });

  async function connected(token: string): Promise<Centrifuge> {
    const client = newClient(server.baseUrl, { token });
    openClients.push(client);
    client.connect();
    await client.ready(10_000);
    return client;
  }

  /** As the shared view: an anonymous connection, subscription tokens asked for with the share token. */
  function viaShareToken(client: Centrifuge, channel: string, shareToken: string): Subscription {
    return client.newSubscription(channel, {
      getToken: async () => {
        const answer = await fetchSubscriptionToken(server.baseUrl, channel, { shareToken });
        if (!answer.token) throw new Error(`token endpoint answered ${answer.status}`);
        return answer.token;
      },
    });
  }

  function collect(subscription: Subscription): PublicationContext[] {
    const received: PublicationContext[] = [];
    subscription.on('publication', (context) => received.push(context));
    return received;
  }

  it('lets a visitor with the share token follow the shared sequence and its measurements', async () => {
    const client = await connected('');
    const sequence = viaShareToken(client, channels.sequence(ids.sequence), shares.sequence);
    const measurement = viaShareToken(client, channels.measurement(ids.measurement), shares.sequence);
    const progressReceived = collect(sequence);
    const measurementReceived = collect(measurement);
    sequence.subscribe();
    measurement.subscribe();
    await sequence.ready(10_000);
    await measurement.ready(10_000);

    await server.context.realtime.publish(channels.sequence(ids.sequence), progress(ids.sequence, 1));
    await server.context.realtime.publish(channels.measurement(ids.measurement), finished(ids.measurement));
    await eventually(() => progressReceived.length === 1 && measurementReceived.length === 1, {
      what: 'publications',
    });
    expect(progressReceived[0]!.data).toEqual(progress(ids.sequence, 1));
    expect(measurementReceived[0]!.data).toEqual(finished(ids.measurement));
  });

  it('refuses a visitor channels its share does not cover', async () => {
    for (const channel of [
      channels.measurement(ids.foreignMeasurement),
      channels.sequence(ids.foreignSequence),
      channels.device(1),
      channels.user(1),
    ]) {
      const answer = await fetchSubscriptionToken(server.baseUrl, channel, { shareToken: shares.sequence });
      expect(answer.status, channel).toBe(403);
      expect(answer.body).toEqual({ code: 'channel_not_accessible', detail: 'Channel is not accessible!' });
    }
    // A sample share opens the measurements of the sample's injections, not the sequence's progress.
    const ofSample = await fetchSubscriptionToken(server.baseUrl, channels.measurement(ids.measurement), {
      shareToken: shares.sample,
    });
    expect(ofSample.status).toBe(200);
    const sequenceOfSample = await fetchSubscriptionToken(server.baseUrl, channels.sequence(ids.sequence), {
      shareToken: shares.sample,
    });
    expect(sequenceOfSample.status).toBe(403);
    const unknown = await fetchSubscriptionToken(server.baseUrl, channels.sequence(ids.sequence), {
      shareToken: 'no-such-share',
    });
    expect(unknown.status).toBe(401);
  });

  it('accepts the visitor token of the share-token exchange for connect and on the endpoint', async () => {
    const exchanged = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: shares.sample, id: ids.sample },
    });
    expect(exchanged.status).toBe(200);
    const visitorToken = exchanged.body.token as string;
    const client = await connected(visitorToken);
    const channel = channels.measurement(ids.measurement);
    const subscription = client.newSubscription(channel);
    const received = collect(subscription);
    subscription.subscribe();
    await subscription.ready(10_000);
    await server.context.realtime.publish(channel, finished(ids.measurement));
    await eventually(() => received.length === 1, { what: 'publication' });

    const foreign = client.newSubscription(channels.measurement(ids.foreignMeasurement));
    const refused = new Promise<number>((resolve) =>
      foreign.on('unsubscribed', (context) => resolve(context.code)),
    );
    foreign.subscribe();
    expect(await refused).toBe(103);
    const viaEndpoint = await fetchSubscriptionToken(server.baseUrl, channel, { shareToken: visitorToken });
    expect(viaEndpoint.status).toBe(200);
  });

  it('refuses a revoked share at the endpoint, at connect and for a connected visitor', async () => {
    const revokedId = await share(shares.revoked, 'sequence', ids.sequence);
    const exchanged = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: shares.revoked, id: ids.sequence },
    });
    const visitorToken = exchanged.body.token as string;
    const channel = channels.sequence(ids.sequence);
    const early = await connected(visitorToken);
    expect(
      (await fetchSubscriptionToken(server.baseUrl, channel, { shareToken: shares.revoked })).status,
    ).toBe(200);

    await sql`update "shareTokens" set revoked_at = now() where id = ${revokedId}`.execute(
      server.context.database.db,
    );
    for (const shareToken of [shares.revoked, visitorToken]) {
      const answer = await fetchSubscriptionToken(server.baseUrl, channel, { shareToken });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'token_not_valid' });
    }
    const subscription = early.newSubscription(channel);
    const refused = new Promise<number>((resolve) =>
      subscription.on('unsubscribed', (context) => resolve(context.code)),
    );
    subscription.subscribe();
    expect(await refused).toBe(103);

    const late = newClient(server.baseUrl, { token: visitorToken });
    openClients.push(late);
    const disconnected = new Promise<number>((resolve) =>
      late.on('disconnected', (context) => resolve(context.code)),
    );
    late.connect();
    expect(await disconnected).toBe(3500);
  });
});
