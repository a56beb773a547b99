// An instrument as GraphQL `devices` returns it.
export interface Device {
  id: number;
  serial_number: string;
  name: string;
  firmware_version: string;
  state: 'idle' | 'running' | 'paused' | 'error' | 'offline';
  position: number;
  last_seen_at: string | null;
  hardware_configuration: unknown;
  installed_column: { name?: string } | null;
}
