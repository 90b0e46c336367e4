import type { ProductView } from '@closetly/contracts';
import { useMemo } from 'react';
import { useWardrobe } from '@/features/wardrobe/hooks/use-wardrobe';
import { genderPageLists, genderWardrobe, type GenderPage } from '../lib/catalogue-lists';
import { CatalogueSection } from './catalogue-section';
import { WardrobeSection } from './wardrobe-section';

export interface GenderCatalogueProps {
  page: GenderPage;
  onOpen: (product: ProductView) => void;
}

/**
 * /women and /men (spec §2): From Your Women's Wardrobe, Popular Women's Items, then a row each for
 * Women's Tops, Bottoms, Shoes and Outerwear. The men's page leaves out rows with no items.
 */
export function GenderCatalogue({ page, onOpen }: GenderCatalogueProps) {
  const wardrobe = useWardrobe();
  const saved = useMemo(() => genderWardrobe(wardrobe.items, page.gender), [wardrobe.items, page.gender]);
  const lists = useMemo(() => genderPageLists(page), [page]);
  return (
    <div className="browse-sections">
      <WardrobeSection title={`From Your ${page.possessive} Wardrobe`} items={saved} onOpen={onOpen} />
      {lists.map((list) => (
        <CatalogueSection key={list.cacheKey} list={list} hideWhenEmpty={page.hideEmptySections} onOpen={onOpen} />
      ))}
    </div>
  );
}
