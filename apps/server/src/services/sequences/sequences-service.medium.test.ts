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
    const created = await sequences.create(owner.id, { name: ' Morning run ', device_id: device.id });
    expect(created).toMatchObject({ name: 'Morning run', device_id: device.id, state: 'NEW', drafts: [] });
    expect((await sequences.list(owner.id)).map((sequence) => sequence.id)).toEqual([created.id]);

    const renamed = await sequences.update(owner.id, created.id, { name: 'Evening run' });
    expect(renamed.name).toBe('Evening run');
    expect((await sequences.get(owner.id, created.id)).name).toBe('Evening run');

    await sequences.remove(owner.id, created.id);
    await expect(sequences.get(owner.id, created.id)).rejects.toMatchObject({ code: 'sequence_not_found' });
  });

  it("refuses another user's instrument and answers another user's sequence as missing", async () => {
    const { sequences } = composition.services;
    const { owner, device } = await ownerWithInstrument('ELU-SEQ-0002');
    const stranger = await signUp(composition);
    await expect(
      sequences.create(stranger.id, { name: 'Borrowed', device_id: device.id }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'device_not_found',
    });
    await expect(sequences.create(owner.id, { name: '', device_id: device.id })).rejects.toMatchObject({
      code: 'invalid',
    });
    const sequence = await sequences.create(owner.id, { name: 'Mine', device_id: device.id });
    await expect(sequences.get(stranger.id, sequence.id)).rejects.toMatchObject({
      code: 'sequence_not_found',
    });
    await expect(sequences.remove(stranger.id, sequence.id)).rejects.toMatchObject({
      code: 'sequence_not_found',
    });
    expect(await sequences.list(stranger.id)).toEqual([]);
  });

  it('opens sequences:{id} to its owner and to visitors of that sequence only', async () => {
    const { sequences, realtimeAuthorization } = composition.services;
    const { owner, device } = await ownerWithInstrument('ELU-SEQ-0003');
    const stranger = await signUp(composition);
    const sequence = await sequences.create(owner.id, { name: 'Watched', device_id: device.id });
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
