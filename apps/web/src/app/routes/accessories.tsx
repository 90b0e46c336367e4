import type { ProductView } from '@closetly/contracts';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { AccessoriesCatalogue } from '@/features/catalogue/components/accessories-catalogue';
import { LazyQuickView } from '@/features/quick-view/components/lazy-quick-view';

export function AccessoriesRoute() {
  const [quickView, setQuickView] = useState<ProductView | null>(null);
  return (
    <Page title="Accessories" lead="Bags, belts, hats, jewellery and more, for everyone.">
      <AccessoriesCatalogue onOpen={setQuickView} />
      <LazyQuickView product={quickView} onClose={() => setQuickView(null)} />
    </Page>
  );
}
