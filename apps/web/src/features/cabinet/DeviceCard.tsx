// One instrument: live state, pressure, flow, %B, column temperature and run progress.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon.tsx';
import { Tooltip } from '../../components/Tooltip.tsx';
import { formatDateTime } from '../../lib/time.ts';
import type { Device } from './devicesApi.ts';
import { deviceErrorText, readinessOf } from './deviceEvents.ts';
import { LiveReadings } from './LiveReadings.tsx';
import { useDeviceLive } from './useDeviceLive.ts';

const STATE_LABEL: Record<Device['state'], string> = {
  idle: 'Idle',
  running: 'Running',
  paused: 'Paused',
  error: 'Error',
  offline: 'Offline',
};

interface DeviceCardProps {
  device: Device;
  onState: (id: number, state: Device['state']) => void;
  onMove?: (direction: -1 | 1) => void;
  first: boolean;
  last: boolean;
}

export function DeviceCard({ device, onState, onMove, first, last }: DeviceCardProps) {
  const live = useDeviceLive(device);
  useEffect(() => onState(device.id, live.state), [device.id, live.state, onState]);
  const error = deviceErrorText(live.errorCode);
  const readiness = readinessOf(live);
  return (
    <article className="device-card card" aria-label={device.name} data-state={live.state}>
      <header className="device-card__head">
        <div>
          <h2>
            <Link to={`/app/devices/${device.id}/`}>{device.name}</Link>
          </h2>
          <p className="device-card__serial">S/N {device.serial_number}</p>
        </div>
        <span
          className={`state state--${live.state}`}
          role="status"
          data-ready={readiness.canInject ? 'yes' : 'no'}
        >
          {STATE_LABEL[live.state]}
          {readiness.text && ` · ${readiness.text}`}
        </span>
      </header>
      <LiveReadings live={live} />
      <div className="progress" aria-label="Run progress">
        <div className="progress__bar" style={{ width: `${Math.round((live.runProgress ?? 0) * 100)}%` }} />
      </div>
      {error && (
        <p className="device-card__error" role="alert">
          <Icon name="error" /> {error}
        </p>
      )}
      <footer className="device-card__foot">
        <span>
          {device.installed_column?.name ?? 'No column'} · fw {device.firmware_version}
        </span>
        <span className="device-card__seen">Seen {formatDateTime(device.last_seen_at)}</span>
        {onMove && (
          <span className="device-card__move">
            <Tooltip content="Move earlier">
              <button
                type="button"
                aria-label={`Move ${device.name} earlier`}
                disabled={first}
                onClick={() => onMove(-1)}
              >
                <Icon name="chevron_left" />
              </button>
            </Tooltip>
            <Tooltip content="Move later">
              <button
                type="button"
                aria-label={`Move ${device.name} later`}
                disabled={last}
                onClick={() => onMove(1)}
              >
                <Icon name="chevron_right" />
              </button>
            </Tooltip>
          </span>
        )}
      </footer>
    </article>
  );
}
