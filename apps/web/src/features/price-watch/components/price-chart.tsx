import { formatUsd } from '@closetly/catalogue-rules';
import type { PricePoint } from '@closetly/contracts';
import { useMemo } from 'react';
import { formatObservationDay, PRICE_CHART_BOX, priceChartGeometry, SOURCE_LABELS } from '../lib/price-chart';

export interface PriceChartProps {
  points: readonly PricePoint[];
  low: number | null;
  high: number | null;
  /** Names the chart for assistive technology (the text beside it carries the figures). */
  label: string;
}

/**
 * The observed prices as a small SVG: a dot for each observation, joined by steps that turn only at
 * observations (nothing is drawn between them as if it had been seen). Each dot's title tells its day,
 * price and where it was seen.
 */
export function PriceChart({ points, low, high, label }: PriceChartProps) {
  const geometry = useMemo(() => priceChartGeometry(points), [points]);
  const box = PRICE_CHART_BOX;
  return (
    <svg className="price-chart" viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-label={label}>
      <line className="price-chart__guide" x1={box.padLeft - 4} x2={box.width} y1={geometry.highY} y2={geometry.highY} />
      <line className="price-chart__guide" x1={box.padLeft - 4} x2={box.width} y1={geometry.lowY} y2={geometry.lowY} />
      {/* The axis: the observed high and low (one label when they are the same price). */}
      <text className="price-chart__label" x={box.padLeft - 8} y={geometry.highY} dominantBaseline="middle" textAnchor="end" aria-hidden="true">
        {high === null ? '' : formatAxis(high)}
      </text>
      {low !== null && low !== high ? (
        <text className="price-chart__label" x={box.padLeft - 8} y={geometry.lowY} dominantBaseline="middle" textAnchor="end" aria-hidden="true">
          {formatAxis(low)}
        </text>
      ) : null}
      {geometry.path ? <path className="price-chart__line" d={geometry.path} /> : null}
      {geometry.markers.map((marker) => (
        <circle key={`${marker.at}-${marker.x}-${marker.amount}`} className="price-chart__point" data-source={marker.source} cx={marker.x} cy={marker.y} r={3.5}>
          <title>{`${formatObservationDay(marker.at)}: ${formatUsd(marker.amount)}, ${SOURCE_LABELS[marker.source]}`}</title>
        </circle>
      ))}
    </svg>
  );
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$80" for whole dollars, "$79.99" otherwise: the axis has little room. */
const formatAxis = (amount: number): string => (Number.isInteger(amount) ? WHOLE_DOLLARS.format(amount) : formatUsd(amount));
