// One calibration drawn with uPlot: the fitted curve and the standards' points, and below it the residual
// of each point (area − fitted) around zero.
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { SERIES_COLORS } from '../../plot/plotTypes.ts';
import type { CalibrationPlotData } from './calibrationPlotData.ts';

const AXIS = { stroke: '#4a6670', grid: { stroke: '#eef3f4' }, ticks: { stroke: '#dde6e9' } };
const POINT_COLOR = SERIES_COLORS[1] ?? '#c0392b';

function pointSeries(replicates: number): uPlot.Series[] {
  return Array.from({ length: replicates }, (_, index) => ({
    label: `Standard ${index + 1}`,
    stroke: POINT_COLOR,
    fill: POINT_COLOR,
    paths: () => null,
    points: { show: true, size: 7, fill: POINT_COLOR },
  }));
}

function UPlotChart({
  data,
  series,
  xLabel,
  yLabel,
  height,
  xRange,
  yRange,
}: {
  data: Array<Array<number | null>>;
  series: uPlot.Series[];
  xRange: [number, number];
  yRange?: [number, number];
  xLabel: string;
  yLabel: string;
  height: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = Math.max(200, element.clientWidth);
    const u = new uPlot(
      {
        width,
        height,
        scales: {
          x: { time: false, range: xRange },
          ...(yRange ? { y: { range: yRange } } : {}),
        },
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        axes: [
          { ...AXIS, label: xLabel },
          { ...AXIS, label: yLabel, size: 64 },
        ],
        series: [{}, ...series],
      },
      data as uPlot.AlignedData,
      element,
    );
    const observer = new ResizeObserver(() => {
      const next = Math.max(200, element.clientWidth);
      if (Math.abs(next - u.width) >= 1) u.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      u.destroy();
    };
  }, [data, series, xLabel, yLabel, height, xRange, yRange]);
  return <div ref={container} />;
}

export function CalibrationChart({
  analyte,
  unit,
  plot,
}: {
  analyte: string;
  unit: string;
  plot: CalibrationPlotData;
}) {
  const amount = unit ? `Amount, ${unit}` : 'Amount';
  const curveSeries = useMemo(
    () => [
      { label: 'Fit', stroke: SERIES_COLORS[0], width: 2, points: { show: false } },
      ...pointSeries(plot.replicates),
    ],
    [plot.replicates],
  );
  const residualSeries = useMemo(
    () => [
      { label: 'Zero', stroke: '#9bb0b7', width: 1, dash: [4, 4], points: { show: false } },
      ...pointSeries(plot.replicates),
    ],
    [plot.replicates],
  );
  return (
    <figure className="calibration__chart" aria-label={`Calibration curve of ${analyte}`}>
      <UPlotChart
        data={plot.curve}
        series={curveSeries}
        xLabel={amount}
        yLabel="Area"
        height={180}
        xRange={plot.amountRange}
      />
      <figcaption className="calibration__caption">Residuals (area − fit)</figcaption>
      <div aria-label={`Residuals of ${analyte}`}>
        <UPlotChart
          data={plot.residuals}
          series={residualSeries}
          xLabel={amount}
          yLabel="Residual"
          height={110}
          xRange={plot.amountRange}
          yRange={plot.residualRange}
        />
      </div>
    </figure>
  );
}
