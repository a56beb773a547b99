// A chromatogram as SVG: vector lines stay sharp on screen and in print at any zoom.
import { chromatogramPath, signalRange, ticks, type Trace } from './chromatogramPath.ts';

export interface MarkedPeak {
  number: number;
  retentionTimeSec: number;
  label?: string | null;
}

const WIDTH = 760;
const HEIGHT = 260;
const LEFT = 56;
const BOTTOM = 34;
const TOP = 18;
const RIGHT = 12;

export function ChromatogramSvg({
  trace,
  unit,
  peaks = [],
  title,
}: {
  trace: Trace;
  unit: string;
  peaks?: readonly MarkedPeak[];
  title: string;
}) {
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const count = trace.timeSec.length;
  const timeRangeSec: [number, number] = count > 0 ? [trace.timeSec[0]!, trace.timeSec[count - 1]!] : [0, 1];
  const range = signalRange(trace.signal);
  const box = { width: plotWidth, height: plotHeight, timeRangeSec, signalRange: range };
  const path = chromatogramPath(trace, box);
  const minutes: [number, number] = [timeRangeSec[0] / 60, timeRangeSec[1] / 60];
  const x = (sec: number) => ((sec - timeRangeSec[0]) / (timeRangeSec[1] - timeRangeSec[0] || 1)) * plotWidth;
  const y = (value: number) => plotHeight - ((value - range[0]) / (range[1] - range[0] || 1)) * plotHeight;
  const valueAt = (sec: number) => {
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (trace.timeSec[middle]! < sec) low = middle + 1;
      else high = middle;
    }
    return trace.signal[low] ?? range[0];
  };
  return (
    <svg
      className="chromatogram-svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={title}
      preserveAspectRatio="xMidYMid meet"
    >
      <g transform={`translate(${LEFT},${TOP})`}>
        <rect width={plotWidth} height={plotHeight} fill="none" stroke="#9aa5ad" strokeWidth={0.75} />
        {ticks(minutes).map((minute) => (
          <g key={`x${minute}`} transform={`translate(${x(minute * 60)},${plotHeight})`}>
            <line y2={4} stroke="#5b6770" strokeWidth={0.75} />
            <text y={16} textAnchor="middle" fontSize={10} fill="#3b464e">
              {minute}
            </text>
          </g>
        ))}
        {ticks(range, 5).map((value) => (
          <g key={`y${value}`} transform={`translate(0,${y(value)})`}>
            <line x2={-4} stroke="#5b6770" strokeWidth={0.75} />
            <text x={-7} dy="0.32em" textAnchor="end" fontSize={10} fill="#3b464e">
              {Number(value.toPrecision(4))}
            </text>
          </g>
        ))}
        <path d={path} fill="none" stroke="#0e5a6b" strokeWidth={1} strokeLinejoin="round" />
        {peaks.map((peak) => {
          const px = x(peak.retentionTimeSec);
          const py = Math.max(10, y(valueAt(peak.retentionTimeSec)) - 6);
          return (
            <text key={peak.number} x={px} y={py} textAnchor="middle" fontSize={9} fill="#b4452f">
              {peak.label ?? peak.number}
            </text>
          );
        })}
        <text x={plotWidth / 2} y={plotHeight + 30} textAnchor="middle" fontSize={10.5} fill="#3b464e">
          Time (min)
        </text>
        <text
          transform={`translate(-44,${plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize={10.5}
          fill="#3b464e"
        >
          {unit}
        </text>
      </g>
    </svg>
  );
}
