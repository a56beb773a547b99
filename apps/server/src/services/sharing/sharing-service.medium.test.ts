// The sharing services on the embedded database: only the owner shares an object; the share token is
// exchanged for a visitor token naming that object; realtime resolves the visitor while the share is
// active; a revocation ends the exchange and the visitor at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEmbedded, signUp, type ComposedForTest } from '../../../test/composed.ts';

const ORIGIN = 'https://eluent.example';

describe('sharing services', () => {
  let composition: ComposedForTest;
  beforeAll(async () => {
    composition = await composeEmbedded();
  });
  afterAll(async () => {
    await composition?.dispose();
  });

  async function sharedSequence() {
    const { devices, sequences } = composition.services;
    const owner = await signUp(composition);
    const device = await devices.registry.provision({
      serialNumber: `ELU-SHR-${owner.id}`,
      pairingCode: 'pairing',
      name: 'Shared bench',
      ownerId: owner.id,
    });
    const sequence = await sequences.create(owner.actor, { name: 'Shared', device_id: device.id });
    return { owner, sequence };
  }

  it("shares the owner's object only, for 30 days unless told otherwise", async () => {
    const { shareLinks } = composition.services;
    const { owner, sequence } = await sharedSequence();
    const stranger = await signUp(composition);
    const body = { object_type: 'sequence', object_id: sequence.id };
    await expect(shareLinks.create(stranger.actor, body, ORIGIN)).rejects.toMatchObject({
      statusCode: 404,
      code: 'share_object_not_found',
    });
    const link = await shareLinks.create(owner.actor, body, ORIGIN);
    expect(link.url.startsWith(`${ORIGIN}/share/`)).toBe(true);
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect((await shareLinks.list(owner.actor, ORIGIN)).map((row) => row.id)).toEqual([link.id]);
    expect(await shareLinks.list(stranger.actor, ORIGIN)).toEqual([]);
    await expect(
      shareLinks.create(owner.actor, { ...body, expires_in_days: 366 }, ORIGIN),
    ).rejects.toMatchObject({ code: 'invalid' });
  });

  it('exchanges an active share token for a visitor, and nothing once it is revoked', async () => {
    const { shareLinks, shareTokens, realtimeAuthorization } = composition.services;
    const { owner, sequence } = await sharedSequence();
    const link = await shareLinks.create(
      owner.actor,
      { object_type: 'sequence', object_id: sequence.id },
      ORIGIN,
    );

    const { token } = await shareTokens.exchange({ share_token: link.token, id: String(sequence.id) });
    const claims = await composition.signer.verify(token);
    expect(claims).toMatchObject({ token_type: 'visitor', share_token_id: link.id });
    const visitor = await realtimeAuthorization.visitorResolver(token);
    expect(visitor?.scope).toEqual({ type: 'sequence', id: sequence.id });
    expect(await realtimeAuthorization.visitorResolver(link.token)).toMatchObject({
      scope: { type: 'sequence', id: sequence.id },
    });
    await expect(
      shareTokens.exchange({ share_token: link.token, id: sequence.id + 1 }),
    ).rejects.toMatchObject({
      code: 'share_token_not_valid',
    });

    await shareLinks.revoke(owner.actor, link.id);
    await expect(shareTokens.exchange({ share_token: link.token, id: sequence.id })).rejects.toMatchObject({
      code: 'share_token_not_valid',
    });
    expect(await realtimeAuthorization.visitorResolver(token)).toBeNull();
    expect(await realtimeAuthorization.visitorActive(visitor!)).toBe(false);
    await expect(
      shareLinks.revoke({ ...owner.actor, workspaceId: owner.actor.workspaceId + 100_000 }, link.id),
    ).rejects.toMatchObject({
      code: 'share_token_not_found',
    });
  });
});
