// The instrument's live numbers and the state of each of its parts.
import { Icon } from '../../components/Icon.tsx';
import { deviceErrorText, readinessOf, type DeviceLive } from './deviceEvents.ts';
import { LiveReadings } from './LiveReadings.tsx';

const PART_LABEL: Record<string, string> = {
  pump: 'Pump',
  injector: 'Injector',
  detector: 'Detector',
  column_oven: 'Column oven',
  autosampler: 'Autosampler',
  fraction_collector: 'Fraction collector',
};

interface DeviceReadoutProps {
  live: DeviceLive;
  components: Record<string, string>;
}

export function DeviceReadout({ live, components }: DeviceReadoutProps) {
  const parts = Object.entries(components);
  return (
    <div className="device-readout">
      <p>
        <span className={`state state--${live.state}`} role="status" aria-label="Instrument state">
          {live.state}
        </span>
        {readinessOf(live).text && (
          <span className="device-readout__readiness" role="status" aria-label="Readiness">
            {readinessOf(live).text}
          </span>
        )}
        {live.errorCode !== null && (
          <span className="device-card__error">
            <Icon name="error" /> {deviceErrorText(live.errorCode)}
          </span>
        )}
      </p>
      <LiveReadings live={live}>
        <div>
          <dt>Progress</dt>
          <dd>{live.runProgress === null ? '—' : `${Math.round(live.runProgress * 100)} %`}</dd>
        </div>
      </LiveReadings>
      {parts.length > 0 && (
        <ul className="device-parts" aria-label="Components">
          {parts.map(([part, state]) => (
            <li key={part} data-state={state}>
              {PART_LABEL[part] ?? part}: {state.replace('_', ' ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
