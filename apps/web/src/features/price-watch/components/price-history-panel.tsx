import { formatUsd } from '@closetly/catalogue-rules';
import { LOWEST_PRICE_WINDOW_DAYS, PRICE_HISTORY_DAYS } from '@closetly/contracts';
import { useId } from 'react';
import { usePriceHistory } from '../api/price-history';
import { formatObservationDay, observationsText, PRICE_CHART_BOX } from '../lib/price-chart';
import { PriceChart } from './price-chart';

export interface PriceHistoryPanelProps {
  productId: string;
}

/**
 * A saver's price history (issue 25): the observed prices of 90 days as a chart, their low and high,
 * "Lowest price in 30 days" when the shown price is, and how many observations there are. Nothing shows
 * when the history cannot be had (a 404 for a non-saver, a failure): the rest of the quick view stands.
 */
export function PriceHistoryPanel({ productId }: PriceHistoryPanelProps) {
  const history = usePriceHistory(productId, true);
  const titleId = useId();
  if (history.isError) return null;
  const data = history.data;
  const first = data?.points[0];
  const last = data?.points[data.points.length - 1];

  return (
    <section className="price-history" aria-labelledby={titleId} aria-busy={history.isPending || undefined}>
      <div className="price-history__top">
        <h3 id={titleId} className="price-history__title">
          Price history
        </h3>
        {data?.lowestIn30Days ? <span className="price-badge price-badge--low">{`Lowest price in ${LOWEST_PRICE_WINDOW_DAYS} days`}</span> : null}
      </div>
      {!data ? (
        <p className="price-history__note" role="status">
          Loading price history...
        </p>
      ) : data.points.length === 0 ? (
        <p className="price-history__note">No prices observed yet. We will keep watching this item.</p>
      ) : (
        <>
          <PriceChart
            points={data.points}
            low={data.low}
            high={data.high}
            label={`Observed prices from ${formatUsd(data.low)} to ${formatUsd(data.high)}, ${observationsText(data.observations)}`}
          />
          {first && last ? (
            <p className="price-history__span" aria-hidden="true" style={{ paddingLeft: `${(PRICE_CHART_BOX.padLeft / PRICE_CHART_BOX.width) * 100}%` }}>
              <span>{formatObservationDay(first.at)}</span>
              <span>{formatObservationDay(last.at)}</span>
            </p>
          ) : null}
          {data.points.some((point) => point.source === 'page') && data.points.some((point) => point.source !== 'page') ? (
            <p className="price-history__legend">
              <span className="price-history__key" data-source="page" aria-hidden="true" /> read on the retailer&apos;s page
              <span className="price-history__key" data-source="shopper" aria-hidden="true" /> seen by shoppers
            </p>
          ) : null}
          <dl className="price-history__figures">
            <div>
              <dt>{`Lowest (${PRICE_HISTORY_DAYS} days)`}</dt>
              <dd>{formatUsd(data.low)}</dd>
            </div>
            <div>
              <dt>{`Highest (${PRICE_HISTORY_DAYS} days)`}</dt>
              <dd>{formatUsd(data.high)}</dd>
            </div>
          </dl>
          <p className="price-history__note">{observationsText(data.observations)}</p>
        </>
      )}
    </section>
  );
}
