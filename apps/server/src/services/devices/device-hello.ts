// A connecting instrument's hello (docs/device-protocol.md): who it is, by its credential or its pairing code,
// throttled per serial number and address.
import { timingSafeEqual } from 'node:crypto';
import type { HelloMessage } from '@eluent/contracts';
import { sha256 } from '../../lib/codes.ts';
import type { DeviceRow } from '../../repositories/devices.ts';
import type { AttemptSource, RegistryDependencies } from './registry.ts';

export type HelloOutcome =
  | { accepted: true; device: DeviceRow; claimed: boolean; credential?: string }
  | { accepted: false; code: 'hello_rejected' | 'throttled'; reason: string; retryAfterSec?: number };

function sameHash(stored: string | null, candidate: string): boolean {
  if (!stored) return false;
  const left = Buffer.from(stored);
  const right = Buffer.from(sha256(candidate));
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throttle keys of an attempt: the serial number (when it may be guessed at) and the address. */
export function keysOf(serialNumber: string | null, address: AttemptSource): string[] {
  return [
    ...(serialNumber === null ? [] : [`device:serial:${serialNumber}`]),
    ...(address === null ? [] : [`device:address:${address}`]),
  ];
}

const refused = (reason: string): HelloOutcome => ({ accepted: false, code: 'hello_rejected', reason });

export function createDeviceHello(
  { devices, passwords, throttle }: RegistryDependencies,
  issueCredential: (deviceId: number) => Promise<string>,
) {
  /**
   * Authenticates a hello. A claimed instrument connects only with its credential; its pairing code is
   * good for one hello, while the credential issued at the claim has not reached it yet. An unclaimed
   * registration is provisional: while no connection of that serial number is live, a hello with another
   * pairing code takes it over, so a first connect by a stranger cannot lock the real instrument out.
   */
  return async function hello(
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
  };
}
