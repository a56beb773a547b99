// An instrument as GraphQL `devices` returns it (DEVICES), its jsonb column and state read with the REST
// contract's instrument schema.
import { deviceSchema, type DeviceDetails } from '@eluent/contracts';

const deviceColumns = {
  id: true,
  serial_number: true,
  name: true,
  firmware_version: true,
  state: true,
  position: true,
  last_seen_at: true,
  hardware_configuration: true,
  installed_column: true,
} as const;

export const deviceRowSchema = deviceSchema.pick(deviceColumns);

export type Device = Pick<DeviceDetails, keyof typeof deviceColumns>;
