import type { ProductView } from '@closetly/contracts';
import { useId, useMemo } from 'react';
import { ProductCard, ProductSkeletonGrid } from '@/components/ui/product-card';
import { useWardrobe } from '@/features/wardrobe/hooks/use-wardrobe';
import { useCatalogueList } from '../api/get-catalogue-list';
import { ALL_ACCESSORIES, POPULAR_ACCESSORIES, accessoriesWardrobe } from '../lib/catalogue-lists';
import { CatalogueSection } from './catalogue-section';
import { WardrobeSection } from './wardrobe-section';

/** Spec §9: 8 skeleton cards while the accessories load. */
export const ACCESSORIES_SKELETON_COUNT = 8;
export const NO_ACCESSORIES_TEXT = 'No accessories found.';

export interface AccessoriesCatalogueProps {
  onOpen: (product: ProductView) => void;
}

/** /accessories (spec §2): Accessories from Your Wardrobe, Popular Accessories, and the All Accessories grid. */
export function AccessoriesCatalogue({ onOpen }: AccessoriesCatalogueProps) {
  const wardrobe = useWardrobe();
  const saved = useMemo(() => accessoriesWardrobe(wardrobe.items), [wardrobe.items]);
  return (
    <div className="browse-sections">
      <WardrobeSection title="Accessories from Your Wardrobe" items={saved} onOpen={onOpen} />
      <CatalogueSection list={POPULAR_ACCESSORIES} hideWhenEmpty onOpen={onOpen} />
      <AccessoriesGrid onOpen={onOpen} />
    </div>
  );
}

/** 4 columns on large screens; each card shows image, name, brand, the price in dollars and a Quick View hint on hover. */
function AccessoriesGrid({ onOpen }: AccessoriesCatalogueProps) {
  const products = useCatalogueList(ALL_ACCESSORIES);
  const headingId = useId();
  return (
    <section className="accessories-grid" aria-labelledby={headingId}>
      <h2 id={headingId} className="accessories-grid__title">
        {ALL_ACCESSORIES.title}
      </h2>
      {products === undefined ? (
        <ProductSkeletonGrid count={ACCESSORIES_SKELETON_COUNT} label="Loading accessories" />
      ) : products.length === 0 ? (
        <p className="accessories-grid__empty">{NO_ACCESSORIES_TEXT}</p>
      ) : (
        <ul className="product-grid">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} onOpen={onOpen} showQuickViewHint />
          ))}
        </ul>
      )}
    </section>
  );
}
