import { formatUsd } from '@closetly/catalogue-rules';
import type { WardrobeItem } from '@closetly/contracts';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';

export interface WardrobeCardProps {
  item: WardrobeItem;
  removing: boolean;
  onOpen: (item: WardrobeItem) => void;
  onRemove: (item: WardrobeItem) => void;
}

/** Spec §2: name, brand, formatted price, image, a remove button with a spinner; the card opens the quick view. */
export function WardrobeCard({ item, removing, onOpen, onRemove }: WardrobeCardProps) {
  return (
    <li className="wardrobe-card" aria-busy={removing}>
      <button type="button" className="wardrobe-card__open" onClick={() => onOpen(item)} aria-label={`Quick view: ${item.name}`}>
        <span className="wardrobe-card__media">
          <img className="wardrobe-card__image" src={productImageSrc(item)} alt="" loading="lazy" onError={showPlaceholderOnError} />
        </span>
        <span className="wardrobe-card__text">
          <span className="wardrobe-card__brand">{item.brand}</span>
          <span className="wardrobe-card__name">{item.name}</span>
          <span className="wardrobe-card__price">{formatUsd(item.price)}</span>
        </span>
      </button>
      <button
        type="button"
        className="icon-button wardrobe-card__remove"
        aria-label={removing ? `Removing ${item.name}` : `Remove ${item.name} from wardrobe`}
        disabled={removing}
        onClick={() => onRemove(item)}
      >
        {removing ? <span className="spinner" aria-hidden="true" /> : <span aria-hidden="true">×</span>}
      </button>
    </li>
  );
}

/** Spec §9: 8 skeleton cards while loading. */
export const WARDROBE_SKELETON_COUNT = 8;

export function WardrobeSkeletonGrid() {
  return (
    <ul className="wardrobe-grid" aria-busy="true" aria-label="Loading your wardrobe">
      {Array.from({ length: WARDROBE_SKELETON_COUNT }, (_, index) => (
        <li key={index} className="wardrobe-card wardrobe-card--skeleton" aria-hidden="true">
          <span className="wardrobe-card__media skeleton" />
          <span className="wardrobe-card__text">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}
