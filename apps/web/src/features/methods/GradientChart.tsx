// The %B-over-time plot of a gradient programme, drawn to the end of the run (the last step holds).
import type { GradientStep } from './methodFields.ts';

const WIDTH = 420;
const HEIGHT = 150;
const PAD_LEFT = 34;
const PAD_RIGHT = 14;
const PAD_Y = 18;

function niceTicks(endMin: number): number[] {
  const step = [0.5, 1, 2, 5, 10, 20, 30, 60, 120].find((candidate) => endMin / candidate <= 6) ?? 240;
  const ticks: number[] = [];
  for (let tick = 0; tick <= endMin + 1e-9; tick += step) ticks.push(Number(tick.toFixed(3)));
  return ticks;
}

export function GradientChart({ steps, runTimeMin }: { steps: GradientStep[]; runTimeMin?: number | null }) {
  const lastTime = steps.length > 0 ? steps[steps.length - 1]!.timeMin : 0;
  const endMin = Math.max(lastTime, runTimeMin && runTimeMin > 0 ? runTimeMin : 0) || 1;
  const x = (timeMin: number) => PAD_LEFT + ((WIDTH - PAD_LEFT - PAD_RIGHT) * timeMin) / endMin;
  const y = (percentB: number) => HEIGHT - PAD_Y - ((HEIGHT - 2 * PAD_Y) * percentB) / 100;
  const last = steps[steps.length - 1];
  const drawn = last && last.timeMin < endMin ? [...steps, { ...last, timeMin: endMin }] : steps;
  const points = drawn
    .map((step) => `${x(step.timeMin).toFixed(1)},${y(step.percentB).toFixed(1)}`)
    .join(' ');
  const caption =
    steps.length === 0
      ? 'No gradient steps yet.'
      : steps.map((step) => `${step.timeMin} min: ${step.percentB} %B`).join(' · ');
  return (
    <figure className="gradient-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Gradient, %B over time">
        {[0, 50, 100].map((percent) => (
          <g key={percent}>
            <line
              x1={PAD_LEFT}
              y1={y(percent)}
              x2={WIDTH - PAD_RIGHT}
              y2={y(percent)}
              className="gradient-chart__grid"
            />
            <text x={PAD_LEFT - 4} y={y(percent) + 3} textAnchor="end">
              {percent}
            </text>
          </g>
        ))}
        {niceTicks(endMin).map((tick) => (
          <text key={tick} x={x(tick)} y={HEIGHT - 4} textAnchor="middle">
            {tick}
          </text>
        ))}
        <line x1={PAD_LEFT} y1={y(0)} x2={PAD_LEFT} y2={y(100)} className="gradient-chart__axis" />
        <text x={PAD_LEFT + 4} y={PAD_Y - 6}>
          %B
        </text>
        <text x={WIDTH - PAD_RIGHT} y={PAD_Y - 6} textAnchor="end">
          min
        </text>
        {points && <polyline points={points} className="gradient-chart__line" />}
        {steps.map((step, index) => (
          <circle
            key={index}
            cx={x(step.timeMin)}
            cy={y(step.percentB)}
            r={2.5}
            className="gradient-chart__point"
          />
        ))}
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
