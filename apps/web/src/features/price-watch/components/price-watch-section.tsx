import { PriceHistoryPanel } from './price-history-panel';
import { PriceTargetField } from './price-target-field';

export interface PriceWatchSectionProps {
  productId: string;
}

/** The quick view's price watch for a signed-in saver of the item: its history and the target price. */
export function PriceWatchSection({ productId }: PriceWatchSectionProps) {
  return (
    <div className="price-watch">
      <PriceHistoryPanel productId={productId} />
      <PriceTargetField productId={productId} />
    </div>
  );
}
