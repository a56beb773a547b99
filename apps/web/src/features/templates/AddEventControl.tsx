// "Add event" under the preview's plot: choose what the event does, then drag its range (or click its time)
// on the plot; the row appears in the template's integration events with its times filled in.
import { useId, useState } from 'react';
import { integrationEventKinds, type IntegrationEventKind } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { eventKindInfo, isPointKind } from './integrationEventRows.ts';

export function AddEventControl({
  placing,
  onPlace,
}: {
  placing: IntegrationEventKind | null;
  onPlace: (kind: IntegrationEventKind | null) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<IntegrationEventKind>('inhibit');
  if (placing) {
    return (
      <div className="add-event" role="status">
        <span>
          {isPointKind(placing) ? 'Click the time' : 'Drag across the range'} of the{' '}
          <strong>{eventKindInfo[placing].label}</strong> event on the plot
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onPlace(null)}
        >
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="add-event">
      <label htmlFor={id}>Event kind</label>
      <select id={id} value={kind} onChange={(event) => setKind(event.target.value as IntegrationEventKind)}>
        {integrationEventKinds.map((item) => (
          <option key={item} value={item} title={eventKindInfo[item].vendor}>
            {eventKindInfo[item].label}
          </option>
        ))}
      </select>
      <button type="button" className="button button--secondary button--small" onClick={() => onPlace(kind)}>
        <Icon name="add" /> Add event
      </button>
    </div>
  );
}
