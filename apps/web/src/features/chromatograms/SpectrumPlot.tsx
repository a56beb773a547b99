// One diode-array spectrum drawn as absorbance against wavelength, with when it was recorded and what was
// subtracted from it.
import type { MeasurementSpectrum } from '@eluent/contracts';

const WIDTH = 560;
const HEIGHT = 220;
const PAD = 36;

const minutes = (sec: number) => (sec / 60).toFixed(3);

/** What was subtracted: nothing, the spectrum at one time, or the line between a peak's limits. */
function referenceWords(data: MeasurementSpectrum): string {
  if (data.reference_time_sec === null) return '';
  if (data.reference_end_time_sec === null) return ` − ${minutes(data.reference_time_sec)} min`;
  return ` − line ${minutes(data.reference_time_sec)}–${minutes(data.reference_end_time_sec)} min`;
}

export function SpectrumPlot({ data }: { data: MeasurementSpectrum }) {
  const nm = data.wavelength_nm;
  const values = data.absorbance;
  let path = '';
  let maxNm: number | null = null;
  if (nm.length > 1) {
    const low = Math.min(...values);
    const high = Math.max(...values);
    const span = high - low || 1;
    const x = (w: number) => PAD + ((w - nm[0]!) / (nm[nm.length - 1]! - nm[0]!)) * (WIDTH - 2 * PAD);
    const y = (v: number) => HEIGHT - PAD - ((v - low) / span) * (HEIGHT - 2 * PAD);
    path = nm.map((w, i) => `${i === 0 ? 'M' : 'L'}${x(w).toFixed(1)},${y(values[i]!).toFixed(1)}`).join(' ');
    maxNm = nm[values.indexOf(high)] ?? null;
  }
  return (
    <figure
      className="spectrum-panel__figure"
      aria-label="Spectrum plot"
      data-time-sec={data.time_sec}
      data-reference-sec={data.reference_time_sec ?? ''}
      data-reference-end-sec={data.reference_end_time_sec ?? ''}
      data-points={nm.length}
      data-max-nm={maxNm ?? ''}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Spectrum at ${minutes(data.time_sec)} min`}
      >
        <rect
          x={PAD}
          y={PAD}
          width={WIDTH - 2 * PAD}
          height={HEIGHT - 2 * PAD}
          fill="none"
          stroke="#dde6e9"
        />
        <path d={path} fill="none" stroke="#0e5a6b" strokeWidth={1.5} />
        <text x={PAD} y={HEIGHT - 10} fontSize="11">
          {nm[0]} nm
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - 10} fontSize="11" textAnchor="end">
          {nm[nm.length - 1]} nm
        </text>
      </svg>
      <figcaption>
        {minutes(data.time_sec)} min{referenceWords(data)} · {data.unit} · maximum at {maxNm} nm ·{' '}
        {data.file_name}
      </figcaption>
    </figure>
  );
}
