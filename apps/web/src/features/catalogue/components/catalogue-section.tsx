import type { ProductView } from '@closetly/contracts';
import { ProductRow } from '@/components/ui/product-row';
import { useCatalogueList } from '../api/get-catalogue-list';
import type { CatalogueList } from '../lib/catalogue-lists';

export const EMPTY_SECTION_TEXT = 'No items found.';

export interface CatalogueSectionProps {
  list: CatalogueList;
  /** Leave the section out when it has no items (the men's page); otherwise it says so. */
  hideWhenEmpty: boolean;
  onOpen: (product: ProductView) => void;
}

/** One catalogue row: its heading, then placeholders, the carousel of its products, or the empty text. */
export function CatalogueSection({ list, hideWhenEmpty, onOpen }: CatalogueSectionProps) {
  const products = useCatalogueList(list);
  return <ProductRow title={list.title} products={products} onOpen={onOpen} emptyText={hideWhenEmpty ? undefined : EMPTY_SECTION_TEXT} />;
}
