// The instrument registry: who a connecting device is (device-hello.ts), claiming by serial number and
// pairing code, the owner's list and order.
import { randomBytes } from 'node:crypto';
import { domainErrors } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { newPairingCode, sha256 } from '../../lib/codes.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RowOwner } from '../../db/schema.ts';
import type { DeviceRow, DevicesRepository } from '../../repositories/devices.ts';
import type { AttemptThrottle } from '../attempt-throttle.ts';
import { createDeviceHello, keysOf } from './device-hello.ts';

export interface RegistryDependencies {
  devices: DevicesRepository;
  passwords: PasswordHasher;
  throttle: AttemptThrottle;
}

/** Where an attempt came from: the client address, or null for in-process instruments. */
export type AttemptSource = string | null;

export function createDeviceRegistry({ devices, passwords, throttle }: RegistryDependencies) {
  /** Issues a new credential; only its hash is kept. */
  async function issueCredential(deviceId: number): Promise<string> {
    const credential = randomBytes(32).toString('base64url');
    await devices.setCredentialHash(deviceId, sha256(credential));
    return credential;
  }

  return {
    hello: createDeviceHello({ devices, passwords, throttle }, issueCredential),

    issueCredential,

    /**
     * Gives a device to the workspace of a user who knows its pairing code; claiming the workspace's own
     * device again is a no-op. Throttled per serial number and address; failures count towards a lockout.
     */
    async claim(
      owner: RowOwner,
      serialNumber: string,
      pairingCode: string,
      address: AttemptSource,
    ): Promise<DeviceRow> {
      const keys = keysOf(serialNumber, address);
      const about = { serialNumber, address, userId: owner.userId, step: 'claim' };
      const verdict = await throttle.attempt(keys, about);
      if (!verdict.allowed) {
        throw new AppError(
          429,
          'throttled',
          domainErrors.throttled,
          {},
          {
            'retry-after': String(verdict.retryAfterSec),
          },
        );
      }
      const device = await devices.findBySerial(serialNumber);
      // The same hashing work for an unknown serial number, so timing does not reveal registered ones.
      const matches = await passwords.verify(pairingCode, device?.pairing_code_hash);
      if (!device || !matches) {
        await throttle.failed(keys, { ...about, reason: 'wrong serial number or pairing code' });
        throw AppError.domain(400, 'device_claim_invalid');
      }
      await throttle.succeeded(keysOf(serialNumber, null));
      if (device.workspace_id === owner.workspaceId) return device;
      if (device.owner_id !== null) throw AppError.domain(409, 'device_already_claimed');
      const claimed = await devices.claim(device.id, owner);
      if (!claimed) throw AppError.domain(409, 'device_already_claimed');
      return claimed;
    },

    /**
     * Re-pairing an instrument that lost its credential: its workspace gets a new pairing code (shown once,
     * stored as a password hash); the credential is dropped, so it no longer connects; the instrument's next
     * `hello` with the new code receives a new credential.
     */
    async rePair(workspaceId: number, deviceId: number): Promise<{ device: DeviceRow; pairingCode: string }> {
      const device = await devices.findById(deviceId);
      if (!device || device.workspace_id !== workspaceId) throw AppError.domain(404, 'device_not_found');
      const pairingCode = newPairingCode();
      const updated = await devices.resetPairing(deviceId, workspaceId, await passwords.hash(pairingCode));
      if (!updated) throw AppError.domain(404, 'device_not_found');
      return { device, pairingCode };
    },

    /** A device of the workspace, or 404 (another workspace's device is not revealed). */
    async owned(workspaceId: number, deviceId: number): Promise<DeviceRow> {
      const device = await devices.findById(deviceId);
      if (!device || device.workspace_id !== workspaceId) throw AppError.domain(404, 'device_not_found');
      return device;
    },

    list: (workspaceId: number) => devices.listInWorkspace(workspaceId),

    async rename(workspaceId: number, deviceId: number, name: string): Promise<DeviceRow> {
      const renamed = await devices.rename(deviceId, workspaceId, name);
      if (!renamed) throw AppError.domain(404, 'device_not_found');
      return renamed;
    },

    /** The workspace lets the instrument go: unowned, no credential, claimable again with its code. */
    async release(workspaceId: number, deviceId: number): Promise<void> {
      if (!(await devices.release(deviceId, workspaceId))) throw AppError.domain(404, 'device_not_found');
    },

    async setOrder(workspaceId: number, ids: number[]): Promise<number[]> {
      await devices.setOrder(workspaceId, ids);
      return (await devices.listInWorkspace(workspaceId)).map((device) => device.id);
    },

    /**
     * Provisions a device as the factory would: registered with its pairing code, owned by `ownerId` (in
     * its current workspace), and
     * due a new credential on its next hello (the demo instruments live in memory and forget theirs).
     */
    async provision(values: {
      serialNumber: string;
      pairingCode: string;
      name: string;
      ownerId: number;
    }): Promise<DeviceRow> {
      const existing = await devices.findBySerial(values.serialNumber);
      const device =
        existing ??
        (await devices.register({
          serialNumber: values.serialNumber,
          name: values.name,
          pairingCodeHash: await passwords.hash(values.pairingCode),
          firmwareVersion: '',
          hardwareConfiguration: [],
          installedColumn: null,
        }));
      await devices.setCredentialHash(device.id, null);
      if (device.owner_id === null)
        return (await devices.claim(device.id, { userId: values.ownerId })) ?? device;
      return device;
    },
  };
}

export type DeviceRegistry = ReturnType<typeof createDeviceRegistry>;
