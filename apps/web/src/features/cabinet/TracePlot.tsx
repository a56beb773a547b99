// A compact live trace (uPlot): time in seconds against one value, redrawn as points arrive.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface TracePlotProps {
  label: string;
  unit: string;
  color: string;
  timeSec: readonly number[];
  values: readonly (number | null)[];
  height?: number;
}

export function TracePlot({ label, unit, color, timeSec, values, height = 160 }: TracePlotProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [{ label: 's' }, { label: unit, size: 56 }],
        series: [{}, { label, stroke: color, width: 1.5, spanGaps: true }],
      },
      [[], []],
      element,
    );
    plot.current = chart;
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 200), height }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [label, unit, color, height]);

  useEffect(() => {
    plot.current?.setData([timeSec as number[], values as (number | null)[]]);
  }, [timeSec, values]);

  return <div className="trace-plot" ref={host} role="img" aria-label={`${label} chart`} />;
}
