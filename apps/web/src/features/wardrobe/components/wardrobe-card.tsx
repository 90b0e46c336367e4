import type { WardrobeItem } from '@closetly/contracts';
import { ProductCard, ProductSkeletonGrid } from '@/components/ui/product-card';
import { BusyButton } from '@/components/ui/busy-button';

export interface WardrobeCardProps {
  item: WardrobeItem;
  removing: boolean;
  onOpen: (item: WardrobeItem) => void;
  onRemove: (item: WardrobeItem) => void;
}

/** Spec §2: name, brand, formatted price, image, a remove button with a spinner; the card opens the quick view. */
export function WardrobeCard({ item, removing, onOpen, onRemove }: WardrobeCardProps) {
  return (
    <ProductCard
      product={item}
      onOpen={onOpen}
      busy={removing}
      action={
        <BusyButton
          type="button"
          className="icon-button wardrobe-card__remove"
          aria-label={removing ? `Removing ${item.name}` : `Remove ${item.name} from wardrobe`}
          busy={removing}
          busyText={<span className="spinner" aria-hidden="true" />}
          onClick={() => onRemove(item)}
        >
          <span aria-hidden="true">×</span>
        </BusyButton>
      }
    />
  );
}

/** Spec §9: 8 skeleton cards while loading. */
export const WARDROBE_SKELETON_COUNT = 8;

export function WardrobeSkeletonGrid() {
  return <ProductSkeletonGrid count={WARDROBE_SKELETON_COUNT} label="Loading your wardrobe" />;
}
