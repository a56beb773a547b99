// The form that draws a chromatogram extracted from the diode-array spectra at a wavelength and bandwidth.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchExtractedBand } from './measurementsApi.ts';
import { bandOf } from './viewerAddress.ts';

/** A chromatogram extracted from the spectra at a chosen wavelength and bandwidth, drawn over the channel. */
export function useExtractedBand(id: number) {
  const [band, setBand] = useState<{ centre: number; width: number } | null>(null);
  const extracted = useQuery({
    queryKey: ['measurement-band', id, band?.centre, band?.width],
    queryFn: () => fetchExtractedBand(id, band!.centre, band!.width),
    enabled: band !== null,
  });
  return { band, setBand, extracted };
}

interface ExtractBandFormProps {
  /** The band drawn now, if any. */
  band: { centre: number; width: number } | null;
  onBand: (band: { centre: number; width: number } | null) => void;
  /** Why the server could not extract the band. */
  error: string | null;
}

export function ExtractBandForm({ band, onBand, error }: ExtractBandFormProps) {
  const [input, setInput] = useState({ centre: '', width: '4' });
  return (
    <form
      className="card extract-band"
      aria-label="Extracted chromatogram"
      onSubmit={(event) => {
        event.preventDefault();
        onBand(bandOf(input));
      }}
    >
      <label>
        Extract at, nm{' '}
        <input
          type="number"
          aria-label="Extract wavelength, nm"
          value={input.centre}
          onChange={(event) => setInput({ ...input, centre: event.target.value })}
        />
      </label>
      <label>
        bandwidth, nm{' '}
        <input
          type="number"
          aria-label="Extract bandwidth, nm"
          value={input.width}
          onChange={(event) => setInput({ ...input, width: event.target.value })}
        />
      </label>
      <button type="submit" className="button button--secondary button--small">
        Draw
      </button>
      {band && (
        <button type="button" className="button button--secondary button--small" onClick={() => onBand(null)}>
          Remove
        </button>
      )}
      {error !== null && <span role="alert">{error}</span>}
    </form>
  );
}
