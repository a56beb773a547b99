// The instrument registry: who a connecting device is, claiming by serial number and pairing code,
// the owner's list and order.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { domainErrors, type HelloMessage } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { newPairingCode, sha256 } from '../../lib/codes.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RowOwner } from '../../db/schema.ts';
import type { DeviceRow, DevicesRepository } from '../../repositories/devices.ts';
import type { AttemptThrottle } from '../attempt-throttle.ts';

export type HelloOutcome =
  | { accepted: true; device: DeviceRow; claimed: boolean; credential?: string }
  | { accepted: false; code: 'hello_rejected' | 'throttled'; reason: string; retryAfterSec?: number };

export interface RegistryDependencies {
  devices: DevicesRepository;
  passwords: PasswordHasher;
  throttle: AttemptThrottle;
}

/** Where an attempt came from: the client address, or null for in-process instruments. */
export type AttemptSource = string | null;

function sameHash(stored: string | null, candidate: string): boolean {
  if (!stored) return false;
  const left = Buffer.from(stored);
  const right = Buffer.from(sha256(candidate));
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throttle keys of an attempt: the serial number (when it may be guessed at) and the address. */
function keysOf(serialNumber: string | null, address: AttemptSource): string[] {
  return [
    ...(serialNumber === null ? [] : [`device:serial:${serialNumber}`]),
    ...(address === null ? [] : [`device:address:${address}`]),
  ];
}

const refused = (reason: string): HelloOutcome => ({ accepted: false, code: 'hello_rejected', reason });

export function createDeviceRegistry({ devices, passwords, throttle }: RegistryDependencies) {
  /** Issues a new credential; only its hash is kept. */
  async function issueCredential(deviceId: number): Promise<string> {
    const credential = randomBytes(32).toString('base64url');
    await devices.setCredentialHash(deviceId, sha256(credential));
    return credential;
  }

  return {
    /**
     * Authenticates a hello. A claimed instrument connects only with its credential; its pairing code is
     * good for one hello, while the credential issued at the claim has not reached it yet. An unclaimed
     * registration is provisional: while no connection of that serial number is live, a hello with another
     * pairing code takes it over, so a first connect by a stranger cannot lock the real instrument out.
     */
    async hello(
      message: HelloMessage,
      address: AttemptSource,
      isOnline: (deviceId: number) => boolean,
    ): Promise<HelloOutcome> {
      const serial = message.serial_number;
      const about = { serialNumber: serial, address, step: 'device hello' };
      // A credential is 256 random bits: it cannot be guessed, so failures by others never lock the serial
      // number out for the instrument that holds it; its address still counts.
      const keys = keysOf(message.credential !== undefined ? null : serial, address);
      const verdict = await throttle.attempt(keys, about);
      if (!verdict.allowed) {
        return {
          accepted: false,
          code: 'throttled',
          reason: `Too many attempts; try again in ${verdict.retryAfterSec} s.`,
          retryAfterSec: verdict.retryAfterSec,
        };
      }
      const failed = async (reason: string) => {
        await throttle.failed(keysOf(serial, address), { ...about, reason });
        return refused(reason);
      };
      const report = {
        firmwareVersion: message.firmware_version,
        hardwareConfiguration: message.hardware_configuration,
        installedColumn: message.installed_column ?? null,
      };
      const existing = await devices.findBySerial(serial);
      if (message.credential !== undefined) {
        if (!existing || !sameHash(existing.credential_hash, message.credential)) {
          return failed('The credential is not valid for this serial number.');
        }
        await devices.recordHello(existing.id, report);
        return { accepted: true, device: existing, claimed: existing.owner_id !== null };
      }
      if (message.pairing_code === undefined) return refused('A hello needs a credential or a pairing code.');
      if (!existing) {
        const device = await devices.register({
          serialNumber: serial,
          name: `HPLC ${serial}`,
          pairingCodeHash: await passwords.hash(message.pairing_code),
          ...report,
        });
        return { accepted: true, device, claimed: device.owner_id !== null };
      }
      if (existing.owner_id !== null && existing.credential_hash !== null) {
        return failed('This instrument is claimed: it connects with its credential.');
      }
      const matches = await passwords.verify(message.pairing_code, existing.pairing_code_hash);
      if (!matches && existing.owner_id === null && !isOnline(existing.id)) {
        await devices.setPairingCodeHash(existing.id, await passwords.hash(message.pairing_code));
        await devices.recordHello(existing.id, report);
        return { accepted: true, device: existing, claimed: false };
      }
      if (!matches) return failed('The pairing code does not match this serial number.');
      await throttle.succeeded(keysOf(serial, null));
      await devices.recordHello(existing.id, report);
      if (existing.owner_id === null) return { accepted: true, device: existing, claimed: false };
      return {
        accepted: true,
        device: existing,
        claimed: true,
        credential: await issueCredential(existing.id),
      };
    },

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
      // The same scrypt work for an unknown serial number, so timing does not reveal registered ones.
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
     * stored as a scrypt hash); the credential is dropped, so it no longer connects; the instrument's next
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
