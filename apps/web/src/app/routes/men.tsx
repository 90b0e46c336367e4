import type { ProductView } from '@closetly/contracts';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { GenderCatalogue } from '@/features/catalogue/components/gender-catalogue';
import { MEN_PAGE } from '@/features/catalogue/lib/catalogue-lists';
import { LazyQuickView } from '@/features/quick-view/components/lazy-quick-view';

export function MenRoute() {
  const [quickView, setQuickView] = useState<ProductView | null>(null);
  return (
    <Page title="Men" lead="Tops, bottoms, shoes and outerwear from many retailers, with what shoppers save most.">
      <GenderCatalogue page={MEN_PAGE} onOpen={setQuickView} />
      <LazyQuickView product={quickView} onClose={() => setQuickView(null)} />
    </Page>
  );
}
