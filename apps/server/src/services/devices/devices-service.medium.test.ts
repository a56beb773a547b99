// The devices service on the embedded database, without a device link: the owner's view, claims and their
// refusals, order, and another user's device answered as missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEmbedded, signUp, type ComposedForTest } from '../../../test/composed.ts';

describe('devices service', () => {
  let composition: ComposedForTest;
  beforeAll(async () => {
    composition = await composeEmbedded();
  });
  afterAll(async () => {
    await composition?.dispose();
  });

  it('shows an owner its instruments, offline while nothing is linked, and hides them from others', async () => {
    const { devices, devicesApi } = composition.services;
    const owner = await signUp(composition);
    const stranger = await signUp(composition);
    const first = await devices.registry.provision({
      serialNumber: 'ELU-SVC-0001',
      pairingCode: 'pairing-one',
      name: 'Bench 1',
      ownerId: owner.id,
    });
    const second = await devices.registry.provision({
      serialNumber: 'ELU-SVC-0002',
      pairingCode: 'pairing-two',
      name: 'Bench 2',
      ownerId: owner.id,
    });

    const listed = await devicesApi.list(owner.actor);
    expect(listed.map((device) => device.serial_number)).toEqual(['ELU-SVC-0001', 'ELU-SVC-0002']);
    expect(listed[0]).toMatchObject({ name: 'Bench 1', online: false, live: null });
    expect(await devicesApi.list(stranger.actor)).toEqual([]);
    await expect(devicesApi.get(stranger.actor, first.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'device_not_found',
    });
    expect(await devicesApi.get(owner.actor, first.id)).toMatchObject({ id: first.id, sequence_run: null });

    expect(await devicesApi.setOrder(owner.actor, { ids: [second.id, first.id] })).toEqual({
      ids: [second.id, first.id],
    });
    expect((await devicesApi.list(owner.actor)).map((device) => device.id)).toEqual([second.id, first.id]);
  });

  it('refuses a wrong pairing code and a device another user owns', async () => {
    const { devices, devicesApi } = composition.services;
    const owner = await signUp(composition);
    const stranger = await signUp(composition);
    await devices.registry.provision({
      serialNumber: 'ELU-SVC-0003',
      pairingCode: 'pairing-three',
      name: 'Bench 3',
      ownerId: owner.id,
    });
    const wrongCode = { serial_number: 'ELU-SVC-0003', pairing_code: 'not-the-code' };
    await expect(devicesApi.claim(stranger.actor, wrongCode, '192.0.2.1')).rejects.toMatchObject({
      code: 'device_claim_invalid',
    });
    const rightCode = { serial_number: 'ELU-SVC-0003', pairing_code: 'pairing-three' };
    await expect(devicesApi.claim(stranger.actor, rightCode, '192.0.2.1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'device_already_claimed',
    });
    expect(await devicesApi.claim(owner.actor, rightCode, '192.0.2.2')).toMatchObject({
      serial_number: 'ELU-SVC-0003',
    });
    await expect(
      devicesApi.claim(owner.actor, { serial_number: 'ELU-SVC-0003' }, '192.0.2.2'),
    ).rejects.toMatchObject({
      code: 'invalid',
    });
  });
});
