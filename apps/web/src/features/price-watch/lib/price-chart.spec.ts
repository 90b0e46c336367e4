import { describe, expect, it } from '@jest/globals';
import type { PricePoint } from '@closetly/contracts';
import { formatObservationDay, observationsText, priceChartGeometry, type ChartBox } from './price-chart';

const box: ChartBox = { width: 130, height: 60, padLeft: 20, padX: 10, padY: 10 };
const point = (at: string, amount: number, source: PricePoint['source'] = 'page'): PricePoint => ({ at: `${at}T12:00:00.000Z`, amount, source });

describe('price chart geometry', () => {
  it('places each observation by its time and amount, lowest at the bottom and highest at the top', () => {
    const { markers, lowY, highY } = priceChartGeometry([point('2026-11-01', 80), point('2026-11-11', 60), point('2026-11-06', 70)], box);
    // Sorted by time; x spans the plot (20..120) by time, y the plot (10..50) by amount.
    expect(markers.map(({ x, y, amount }) => [x, y, amount])).toEqual([
      [20, 10, 80],
      [70, 30, 70],
      [120, 50, 60],
    ]);
    expect([lowY, highY]).toEqual([50, 10]);
  });

  it('spaces observations by time, not by order: a gap in observing is a gap on the chart', () => {
    const { markers } = priceChartGeometry([point('2026-11-01', 80), point('2026-11-02', 70), point('2026-11-11', 60)], box);
    expect(markers.map((marker) => marker.x)).toEqual([20, 30, 120]);
  });

  it('steps only at observations: the line turns at no x where nothing was observed', () => {
    const { markers, path } = priceChartGeometry([point('2026-11-01', 80), point('2026-11-06', 70), point('2026-11-11', 60)], box);
    expect(path).toBe('M20 10 H70 V30 H120 V50');
    const turnXs = [...path.matchAll(/[MH](\d+(?:\.\d+)?)/g)].map((match) => Number(match[1]));
    for (const x of turnXs) expect(markers.some((marker) => marker.x === x)).toBe(true);
  });

  it('draws one observation, or one price, in the middle and no line for a single point', () => {
    const one = priceChartGeometry([point('2026-11-01', 80)], box);
    expect(one.markers).toEqual([{ x: 70, y: 30, amount: 80, at: '2026-11-01T12:00:00.000Z', source: 'page' }]);
    expect(one.path).toBe('');
    const flat = priceChartGeometry([point('2026-11-01', 80), point('2026-11-05', 80, 'shopper')], box);
    expect(flat.markers.map(({ x, y }) => [x, y])).toEqual([
      [20, 30],
      [120, 30],
    ]);
    expect(priceChartGeometry([], box)).toEqual({ markers: [], path: '', lowY: 30, highY: 30 });
  });

  it('names the day in UTC and counts observations', () => {
    expect(formatObservationDay('2026-11-03T23:30:00.000Z')).toBe('Nov 3');
    expect(observationsText(1)).toBe('1 observation');
    expect(observationsText(12)).toBe('12 observations');
  });
});
