// The sequences service on the embedded database: a sequence is created on the owner's instrument only,
// read, renamed and removed by its owner, and answered as missing to anyone else; its realtime channel
// opens to the owner and to visitors of that very sequence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEmbedded, signUp, type ComposedForTest } from '../../../test/composed.ts';

describe('sequences service', () => {
  let composition: ComposedForTest;
  beforeAll(async () => {
    composition = await composeEmbedded();
  });
  afterAll(async () => {
    await composition?.dispose();
  });

  async function ownerWithInstrument(serialNumber: string) {
    const owner = await signUp(composition);
    const device = await composition.services.devices.registry.provision({
      serialNumber,
      pairingCode: 'pairing',
      name: serialNumber,
      ownerId: owner.id,
    });
    return { owner, device };
  }

  it('creates, reads, renames and removes a sequence of the owner', async () => {
    const { sequences } = composition.services;
    const { owner, device } = await ownerWithInstrument('ELU-SEQ-0001');
    const created = await sequences.create(owner.actor, { name: ' Morning run ', device_id: device.id });
    expect(created).toMatchObject({ name: 'Morning run', device_id: device.id, state: 'NEW', drafts: [] });
    expect((await sequences.list(owner.actor)).map((sequence) => sequence.id)).toEqual([created.id]);

    const renamed = await sequences.update(owner.actor, created.id, { name: 'Evening run' });
    expect(renamed.name).toBe('Evening run');
    expect((await sequences.get(owner.actor, created.id)).name).toBe('Evening run');

    await sequences.remove(owner.actor, created.id);
    await expect(sequences.get(owner.actor, created.id)).rejects.toMatchObject({
      code: 'sequence_not_found',
    });
  });

  it("refuses another user's instrument and answers another user's sequence as missing", async () => {
    const { sequences } = composition.services;
    const { owner, device } = await ownerWithInstrument('ELU-SEQ-0002');
    const stranger = await signUp(composition);
    await expect(
      sequences.create(stranger.actor, { name: 'Borrowed', device_id: device.id }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'device_not_found',
    });
    await expect(sequences.create(owner.actor, { name: '', device_id: device.id })).rejects.toMatchObject({
      code: 'invalid',
    });
    const sequence = await sequences.create(owner.actor, { name: 'Mine', device_id: device.id });
    await expect(sequences.get(stranger.actor, sequence.id)).rejects.toMatchObject({
      code: 'sequence_not_found',
    });
    await expect(sequences.remove(stranger.actor, sequence.id)).rejects.toMatchObject({
      code: 'sequence_not_found',
    });
    expect(await sequences.list(stranger.actor)).toEqual([]);
  });

  it('opens sequences:{id} to its owner and to visitors of that sequence only', async () => {
    const { sequences, realtimeAuthorization } = composition.services;
    const { owner, device } = await ownerWithInstrument('ELU-SEQ-0003');
    const stranger = await signUp(composition);
    const sequence = await sequences.create(owner.actor, { name: 'Watched', device_id: device.id });
    const readable = realtimeAuthorization.sequences;
    expect(await readable({ kind: 'user', userId: owner.id }, sequence.id)).toBe(true);
    expect(await readable({ kind: 'user', userId: stranger.id }, sequence.id)).toBe(false);
    const visitor = (type: 'sequence' | 'sample', id: number) => ({
      kind: 'visitor' as const,
      scope: { type, id },
      claims: {},
    });
    expect(await readable(visitor('sequence', sequence.id), sequence.id)).toBe(true);
    expect(await readable(visitor('sequence', sequence.id + 1), sequence.id)).toBe(false);
    expect(await readable(visitor('sample', sequence.id), sequence.id)).toBe(false);
  });
});
