// Checking the single-injection form before it is sent: the messages the server would answer with.
import { formMessages, hardwareConfigurationSchema } from '@eluent/contracts';
import type { DeviceDetails } from './deviceCommands.ts';

/** The autosampler's vial count, or null when the instrument does not declare one. */
export function vialsOf(device: Pick<DeviceDetails, 'hardware_configuration'>): number | null {
  const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
  const vials = hardware.success
    ? hardware.data.find((part) => part.kind === 'autosampler')?.limits.vials
    : undefined;
  return typeof vials === 'number' ? vials : null;
}

/** The message per refused field (`method`, `vial`); empty when the injection may be sent. */
export function checkInjection(methodId: string, vial: string, vials: number | null): Record<string, string> {
  const found: Record<string, string> = {};
  if (methodId === '') found.method = formMessages.required;
  const number = Number(vial);
  if (vial.trim() === '') found.vial = formMessages.required;
  else if (!Number.isInteger(number) || number < 1) found.vial = formMessages.minValue(0);
  else if (vials !== null && number > vials) found.vial = formMessages.maxValue(vials + 1);
  return found;
}
