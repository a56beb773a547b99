// A channel of a run folder: the run's channels, the ones overlaid on it (kept in the address, `?overlay=12,13`,
// so that they stay while switching between the run's channels), and the series the plot draws: the channel,
// its overlays and a band extracted from the spectra.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ChromatogramSignal } from '../../workers/processingClient.ts';
import type { MeasurementChannels } from '@eluent/contracts';
import { fetchMeasurementChannels, fetchMeasurementSignal } from './measurementsApi.ts';
import { overlayParam } from './viewerAddress.ts';

export function useRunChannels(id: number) {
  const channelList = useQuery({
    queryKey: ['measurement-channels', id],
    queryFn: () => fetchMeasurementChannels(id),
  });
  const channels = channelList.data && channelList.data.length > 1 ? channelList.data : null;
  const shown = channels?.find((channel) => channel.measurement_id === id);
  const [search, setSearch] = useSearchParams();
  // Held here too, so a ticked box shows at once (the address follows).
  const [overlaid, setOverlaid] = useState(() => overlayParam(search.get('overlay')));
  const overlayIds = useMemo(
    () =>
      (channels ?? [])
        .filter((channel) => channel.measurement_id !== id && channel.unit === shown?.unit)
        .map((channel) => channel.measurement_id)
        .filter((channelId) => overlaid.includes(channelId)),
    [channels, id, shown?.unit, overlaid],
  );
  const overlay = (channelId: number, on: boolean) => {
    const next = overlaid.filter((item) => item !== channelId);
    if (on) next.push(channelId);
    setOverlaid(next);
    setSearch(next.length > 0 ? { overlay: next.join(',') } : {}, { replace: true });
  };
  return { channels, channelName: shown?.name, overlaid, overlayIds, overlay };
}

interface SeriesSources {
  signal: ChromatogramSignal | undefined;
  /** The shown channel's or the measurement's name. */
  name: string;
  channels: MeasurementChannels | null;
  overlayIds: readonly number[];
  band: { centre: number; width: number } | null;
  extracted: ChromatogramSignal | undefined;
}

/** The plot's series: the signal, each overlaid channel once loaded, and the extracted band. */
export function useViewerSeries({ signal, name, channels, overlayIds, band, extracted }: SeriesSources) {
  const overlaySignals = useQueries({
    queries: overlayIds.map((channelId) => ({
      queryKey: ['measurement-signal', channelId],
      queryFn: () => fetchMeasurementSignal(channelId),
    })),
  });
  const overlayData = overlaySignals.map((query) => query.data);
  const overlayKey = overlayData.map((data) => data?.key ?? '').join(',');
  return useMemo(
    () => {
      if (!signal) return [];
      const overlays = overlayIds.flatMap((channelId, index) => {
        const data = overlayData[index];
        if (!data) return [];
        const label = channels?.find((channel) => channel.measurement_id === channelId)?.name;
        return [
          { id: data.key, label: label ?? `#${channelId}`, timeSec: data.timeSec, values: data.values },
        ];
      });
      const bands =
        extracted && band
          ? [
              {
                id: extracted.key,
                label: `Extracted ${band.centre} nm ± ${band.width / 2} nm`,
                timeSec: extracted.timeSec,
                values: extracted.values,
              },
            ]
          : [];
      return [
        { id: signal.key, label: name, timeSec: signal.timeSec, values: signal.values },
        ...overlays,
        ...bands,
      ];
    },
    // overlayData is a new array on every render; its content is named by overlayKey.
    [signal, name, overlayIds, overlayKey, channels, extracted, band],
  );
}
