// The four live readings of an instrument, shared by its card and its page.
import type { ReactNode } from 'react';
import { formatReading as number, type DeviceLive } from './deviceEvents.ts';

export function LiveReadings({ live, children }: { live: DeviceLive; children?: ReactNode }) {
  return (
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
      {children}
    </dl>
  );
}
