// Live state and telemetry of one instrument from its realtime channel `devices:{id}`.
import { useEffect, useState } from 'react';
import { subscribeChannel } from '../../api/realtime.ts';
import type { Device } from './device.ts';
import { applyDeviceEvent, initialLive, type DeviceLive } from './deviceEvents.ts';

export type { DeviceLive } from './deviceEvents.ts';

export function useDeviceLive(device: Device): DeviceLive {
  const [live, setLive] = useState<DeviceLive>(() => initialLive(device.state));
  useEffect(
    () =>
      subscribeChannel(
        `devices:${device.id}`,
        (event) => setLive((current) => applyDeviceEvent(current, event)),
        { replayLast: 5 },
      ),
    [device.id],
  );
  return live;
}
