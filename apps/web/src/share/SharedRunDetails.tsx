// Beside a shared overlay, read-only: of one of its measurements, the channels of its run the link opens,
// the diode-array spectrum where the plot is clicked, and the comparison with the vendor's peak table of an
// imported AIA file. Nothing here changes anything.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  measurementChannelsSchema,
  measurementVendorComparisonSchema,
  type MeasurementChannels,
  type SavedOverlay,
} from '@eluent/contracts';
import { SpectrumPanel } from '../features/chromatograms/SpectrumPanel.tsx';
import { VendorComparisonTable } from '../features/chromatograms/VendorComparisonTable.tsx';
import { fetchVisitorJson, visitorSpectrumReader } from './visitor.ts';

interface SharedRunDetailsProps {
  overlay: SavedOverlay;
  bearer: string;
  /** The time clicked on the overlay's plot, in seconds. */
  pickedSec: number | null;
  onPick: (timeSec: number | null) => void;
}

function ChannelList({ channels, current }: { channels: MeasurementChannels; current: number }) {
  return (
    <ul className="compare-list" aria-label="Channels">
      {channels.map((channel) => (
        <li
          key={channel.measurement_id}
          aria-current={channel.measurement_id === current ? 'true' : undefined}
        >
          <span>
            #{channel.measurement_id} {channel.name}
          </span>
          <span className="compare-list__unit">{channel.unit}</span>
        </li>
      ))}
    </ul>
  );
}

export function SharedRunDetails({ overlay, bearer, pickedSec, onPick }: SharedRunDetailsProps) {
  const [shown, setShown] = useState(overlay.measurement_ids[0]!);
  const channels = useQuery({
    queryKey: ['shared-channels', bearer, shown],
    queryFn: () =>
      fetchVisitorJson(`/api/measurements/${shown}/channels/`, bearer, measurementChannelsSchema),
  });
  const comparison = useQuery({
    queryKey: ['shared-vendor-comparison', bearer, shown],
    queryFn: () =>
      fetchVisitorJson(
        `/api/measurements/${shown}/vendor-comparison/`,
        bearer,
        measurementVendorComparisonSchema,
      ),
  });
  const isRun = (channels.data?.length ?? 0) > 1;
  return (
    <section className="card share__run" aria-label="Measurement details">
      <label>
        Measurement{' '}
        <select
          aria-label="Shared measurement"
          value={shown}
          onChange={(event) => setShown(Number(event.target.value))}
        >
          {overlay.traces.map((trace) => (
            <option key={trace.measurement_id} value={trace.measurement_id}>
              #{trace.measurement_id} {trace.name ?? ''}
            </option>
          ))}
        </select>
      </label>
      {isRun && <ChannelList channels={channels.data!} current={shown} />}
      {isRun && (
        <SpectrumPanel
          measurementId={shown}
          pickedSec={pickedSec}
          onPick={onPick}
          peaks={[]}
          read={visitorSpectrumReader(bearer)}
        />
      )}
      {comparison.data && (
        <section aria-label="Vendor's table">
          <h2>Vendor's table</h2>
          <VendorComparisonTable comparison={comparison.data} />
        </section>
      )}
    </section>
  );
}
