// The instrument registry: who a connecting device is, claiming by serial number and pairing code,
// the owner's list and order.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { HelloMessage } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../../lib/codes.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { DeviceRow, DevicesRepository } from '../../repositories/devices.ts';

export type HelloOutcome =
  | { accepted: true; device: DeviceRow; claimed: boolean; credential?: string }
  | { accepted: false; reason: string };

function sameHash(stored: string | null, candidate: string): boolean {
  if (!stored) return false;
  const left = Buffer.from(stored);
  const right = Buffer.from(sha256(candidate));
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createDeviceRegistry(devices: DevicesRepository) {
  /** Issues a new credential; only its hash is kept. */
  async function issueCredential(deviceId: number): Promise<string> {
    const credential = randomBytes(32).toString('base64url');
    await devices.setCredentialHash(deviceId, sha256(credential));
    return credential;
  }

  return {
    /**
     * Authenticates a hello. A device never seen before registers itself with its pairing code (the code
     * printed on it; trust on first use). A claimed device proving its pairing code gets a credential.
     */
    async hello(message: HelloMessage): Promise<HelloOutcome> {
      const report = {
        firmwareVersion: message.firmware_version,
        hardwareConfiguration: message.hardware_configuration,
        installedColumn: message.installed_column ?? null,
      };
      const existing = await devices.findBySerial(message.serial_number);
      if (message.credential !== undefined) {
        if (!existing || !sameHash(existing.credential_hash, message.credential)) {
          return { accepted: false, reason: 'The credential is not valid for this serial number.' };
        }
        await devices.recordHello(existing.id, report);
        return { accepted: true, device: existing, claimed: existing.owner_id !== null };
      }
      if (message.pairing_code === undefined) {
        return { accepted: false, reason: 'A hello needs a credential or a pairing code.' };
      }
      const device =
        existing ??
        (await devices.register({
          serialNumber: message.serial_number,
          name: `HPLC ${message.serial_number}`,
          pairingCodeHash: await hashPassword(message.pairing_code),
          ...report,
        }));
      if (!(await verifyPassword(message.pairing_code, device.pairing_code_hash))) {
        return { accepted: false, reason: 'The pairing code does not match this serial number.' };
      }
      await devices.recordHello(device.id, report);
      if (device.owner_id === null) return { accepted: true, device, claimed: false };
      return { accepted: true, device, claimed: true, credential: await issueCredential(device.id) };
    },

    issueCredential,

    /** Gives a device to a user who knows its pairing code; claiming one's own device again is a no-op. */
    async claim(userId: number, serialNumber: string, pairingCode: string): Promise<DeviceRow> {
      const device = await devices.findBySerial(serialNumber);
      if (!device || !(await verifyPassword(pairingCode, device.pairing_code_hash))) {
        throw AppError.domain(400, 'device_claim_invalid');
      }
      if (device.owner_id === userId) return device;
      if (device.owner_id !== null) throw AppError.domain(409, 'device_already_claimed');
      const claimed = await devices.claim(device.id, userId);
      if (!claimed) throw AppError.domain(409, 'device_already_claimed');
      return claimed;
    },

    /** A device of the user, or 404 (another user's device is not revealed). */
    async owned(userId: number, deviceId: number): Promise<DeviceRow> {
      const device = await devices.findById(deviceId);
      if (!device || device.owner_id !== userId) throw AppError.domain(404, 'device_not_found');
      return device;
    },

    list: (userId: number) => devices.listByOwner(userId),

    async setOrder(userId: number, ids: number[]): Promise<number[]> {
      await devices.setOrder(userId, ids);
      return (await devices.listByOwner(userId)).map((device) => device.id);
    },

    /** Provisions a device as the factory would: registered with its pairing code, owned by `ownerId`. */
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
          pairingCodeHash: await hashPassword(values.pairingCode),
          firmwareVersion: '',
          hardwareConfiguration: [],
          installedColumn: null,
        }));
      if (device.owner_id === null) return (await devices.claim(device.id, values.ownerId)) ?? device;
      return device;
    },
  };
}

export type DeviceRegistry = ReturnType<typeof createDeviceRegistry>;
