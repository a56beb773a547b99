// One instrument's realtime channel `devices:{id}` for its page: live readout plus the traces.
import { useEffect, useState } from 'react';
import { subscribeChannel } from '../../api/realtime.ts';
import type { Device } from './device.ts';
import { applyDeviceEvent, initialLive, type DeviceLive } from './deviceEvents.ts';
import { appendTelemetry, emptyTraces, type DeviceTraces } from './deviceTraces.ts';

const HISTORY_EVENTS = 100;

export function useDeviceStream(id: number, initialState: Device['state']) {
  const [live, setLive] = useState<DeviceLive>(() => initialLive(initialState));
  const [traces, setTraces] = useState<DeviceTraces>(emptyTraces);
  useEffect(() => {
    setTraces(emptyTraces);
    return subscribeChannel(
      `devices:${id}`,
      (event) => {
        setLive((current) => applyDeviceEvent(current, event));
        setTraces((current) => appendTelemetry(current, event));
      },
      { replayLast: HISTORY_EVENTS },
    );
  }, [id]);
  return { live, traces };
}
