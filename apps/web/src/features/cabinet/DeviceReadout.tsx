// The instrument's live numbers and the state of each of its parts.
import { Icon } from '../../components/Icon.tsx';
import { deviceErrorText, formatReading, type DeviceLive } from './deviceEvents.ts';

const number = formatReading;

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
        {live.errorCode !== null && (
          <span className="device-card__error">
            <Icon name="error" /> {deviceErrorText(live.errorCode)}
          </span>
        )}
      </p>
      <dl className="device-card__readout">
        <div>
          <dt>Pressure</dt>
          <dd data-testid="live-pressure">{number(live.pressureBar, 0, 'bar')}</dd>
        </div>
        <div>
          <dt>Flow</dt>
          <dd>{number(live.flowMlPerMin, 2, 'mL/min')}</dd>
        </div>
        <div>
          <dt>%B</dt>
          <dd>{number(live.percentB, 0, '%')}</dd>
        </div>
        <div>
          <dt>Column</dt>
          <dd>{number(live.temperatureC, 1, '°C')}</dd>
        </div>
        <div>
          <dt>Progress</dt>
          <dd>{live.runProgress === null ? '—' : `${Math.round(live.runProgress * 100)} %`}</dd>
        </div>
      </dl>
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
