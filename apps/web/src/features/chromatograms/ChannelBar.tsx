// The channels of an imported run folder (an Agilent .D's DAD bands, ADC and FID; a Waters .raw's traces) on
// the chromatogram page: a switch between them — each channel is a measurement of its own, with its peaks,
// results and reprocessing — and the other channels of the same unit to draw over the shown one.
import { Link } from 'react-router-dom';
import type { MeasurementChannels } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';

interface ChannelBarProps {
  channels: MeasurementChannels;
  /** The channel shown (its measurement). */
  current: number;
  overlaid: readonly number[];
  /** The address's query of the overlaid channels, kept by the switch (`?overlay=12,13` or ''). */
  overlayQuery: string;
  onOverlay: (channelId: number, on: boolean) => void;
  /** Opens every channel of the run in the compare view (layouts, normalisation, saving). */
  onCompare: () => void;
}

export function ChannelBar({
  channels,
  current,
  overlaid,
  overlayQuery,
  onOverlay,
  onCompare,
}: ChannelBarProps) {
  const shown = channels.find((channel) => channel.measurement_id === current);
  return (
    <section className="card channel-bar" aria-label="Channels">
      <nav className="channel-bar__switch" aria-label="Channel">
        {channels.map((channel) => (
          <Link
            key={channel.measurement_id}
            to={`/app/chromatograms/${channel.measurement_id}${overlayQuery}`}
            className={
              channel.measurement_id === current
                ? 'channel-bar__tab channel-bar__tab--current'
                : 'channel-bar__tab'
            }
            aria-current={channel.measurement_id === current ? 'page' : undefined}
          >
            {channel.name}
          </Link>
        ))}
      </nav>
      <fieldset className="channel-bar__overlay">
        <legend>Overlay</legend>
        {channels
          .filter((channel) => channel.measurement_id !== current)
          .map((channel) => {
            const sameUnit = channel.unit === shown?.unit;
            return (
              <label
                key={channel.measurement_id}
                title={sameUnit ? undefined : `In ${channel.unit}, not ${shown?.unit ?? 'the shown unit'}`}
              >
                <input
                  type="checkbox"
                  disabled={!sameUnit}
                  checked={sameUnit && overlaid.includes(channel.measurement_id)}
                  onChange={(event) => onOverlay(channel.measurement_id, event.target.checked)}
                />{' '}
                {channel.name}
              </label>
            );
          })}
        <button type="button" className="button button--secondary button--small" onClick={onCompare}>
          <Icon name="stacked_line_chart" /> Compare all channels
        </button>
      </fieldset>
    </section>
  );
}
