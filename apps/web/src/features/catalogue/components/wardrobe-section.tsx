import type { ProductView } from '@closetly/contracts';
import { Link } from 'react-router';
import { ProductRow } from '@/components/ui/product-row';
import { paths } from '@/config/paths';

export interface WardrobeSectionProps {
  title: string;
  /** The saved items this page shows (already filtered); nothing is shown when there are none. */
  items: readonly ProductView[];
  onOpen: (product: ProductView) => void;
}

/** A catalogue page's "from your wardrobe" row: signed-in users with matching saved items only (spec §2, §6). */
export function WardrobeSection({ title, items, onOpen }: WardrobeSectionProps) {
  if (items.length === 0) return null;
  return <ProductRow title={title} products={items} onOpen={onOpen} actions={<Link to={paths.myWardrobe}>View all</Link>} />;
}
