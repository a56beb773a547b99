// A small %B-over-time drawing of a gradient program.
import type { GradientStep } from './methodFields.ts';

const WIDTH = 320;
const HEIGHT = 110;
const PAD = 22;

export function GradientChart({ steps }: { steps: GradientStep[] }) {
  const endMin = Math.max(1, ...steps.map((step) => step.timeMin));
  const x = (timeMin: number) => PAD + ((WIDTH - 2 * PAD) * timeMin) / endMin;
  const y = (percentB: number) => HEIGHT - PAD - ((HEIGHT - 2 * PAD) * percentB) / 100;
  const last = steps[steps.length - 1]!;
  const points = [...steps, ...(last.timeMin < endMin ? [{ ...last, timeMin: endMin }] : [])]
    .map((step) => `${x(step.timeMin).toFixed(1)},${y(step.percentB).toFixed(1)}`)
    .join(' ');
  return (
    <figure className="gradient-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Gradient, %B over time">
        <line x1={PAD} y1={y(0)} x2={WIDTH - PAD} y2={y(0)} className="gradient-chart__axis" />
        <line x1={PAD} y1={y(0)} x2={PAD} y2={y(100)} className="gradient-chart__axis" />
        <text x={PAD - 4} y={y(100) + 4} textAnchor="end">
          100
        </text>
        <text x={PAD - 4} y={y(0) + 4} textAnchor="end">
          0
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - 4} textAnchor="end">
          {endMin} min
        </text>
        <polyline points={points} className="gradient-chart__line" />
      </svg>
      <figcaption>{steps.map((step) => `${step.timeMin} min: ${step.percentB} %B`).join(' · ')}</figcaption>
    </figure>
  );
}
