import type { PricePoint } from '@closetly/contracts';

/** The chart's drawing box, in SVG units (the SVG scales to its container's width). */
export interface ChartBox {
  width: number;
  height: number;
  /** Room left of the plot for the low and high labels. */
  padLeft: number;
  /** Room right, above and below the plot for the markers (half a marker at least). */
  padX: number;
  padY: number;
}

export const PRICE_CHART_BOX: ChartBox = { width: 320, height: 120, padLeft: 44, padX: 8, padY: 12 };

/** One observation where the chart marks it. */
export interface ChartMarker {
  x: number;
  y: number;
  amount: number;
  at: string;
  source: PricePoint['source'];
}

export interface ChartGeometry {
  markers: ChartMarker[];
  /**
   * A step line through the markers: each observed price holds, flat, until the next observation, where it
   * steps. It only ever turns at a marker's x, so it draws no price that was not observed. '' with fewer than two.
   */
  path: string;
  /** The y of the lowest and highest observed price (the plot's bottom and top; the middle when they are equal). */
  lowY: number;
  highY: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Where each observed price goes: x by its time between the first and the last observation (time, not order,
 * so a week without an observation shows as a gap), y by its amount between the lowest and the highest. One
 * observation, or all at one time, sits in the middle across; one amount, in the middle down.
 */
export function priceChartGeometry(points: readonly PricePoint[], box: ChartBox = PRICE_CHART_BOX): ChartGeometry {
  const plotWidth = box.width - box.padLeft - box.padX;
  const plotHeight = box.height - 2 * box.padY;
  const sorted = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const times = sorted.map((point) => Date.parse(point.at));
  const amounts = sorted.map((point) => point.amount);
  const first = times[0] ?? 0;
  const span = (times[times.length - 1] ?? 0) - first;
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const xOf = (time: number) => round(span > 0 ? box.padLeft + ((time - first) / span) * plotWidth : box.padLeft + plotWidth / 2);
  const yOf = (amount: number) => round(high > low ? box.padY + ((high - amount) / (high - low)) * plotHeight : box.height / 2);

  const markers = sorted.map((point, index) => ({ x: xOf(times[index] ?? 0), y: yOf(point.amount), amount: point.amount, at: point.at, source: point.source }));
  const path = markers.length < 2 ? '' : markers.map((marker, index) => (index === 0 ? `M${marker.x} ${marker.y}` : `H${marker.x} V${marker.y}`)).join(' ');
  return { markers, path, lowY: markers.length ? yOf(low) : box.height / 2, highY: markers.length ? yOf(high) : box.height / 2 };
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 3" (the observation's day, in UTC so every reader sees the same day). */
export const formatObservationDay = (at: string): string => DAY.format(new Date(at));

/** "1 observation", "12 observations". */
export const observationsText = (count: number): string => `${count} ${count === 1 ? 'observation' : 'observations'}`;

export const SOURCE_LABELS: Readonly<Record<PricePoint['source'], string>> = {
  page: "read on the retailer's page",
  capture: 'saved by a shopper',
  shopper: 'seen by a shopper',
};
