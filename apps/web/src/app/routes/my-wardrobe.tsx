import type { ProductView } from '@closetly/contracts';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { ExtensionInstallBanner } from '@/features/extension/components/extension-install-banner';
import { LazyQuickView } from '@/features/quick-view/components/lazy-quick-view';
import { WardrobeCollection } from '@/features/wardrobe/components/wardrobe-collection';

export function MyWardrobeRoute() {
  const [quickView, setQuickView] = useState<ProductView | null>(null);
  return (
    <Page title="My Wardrobe" lead="The items you save while shopping, in one place.">
      <ExtensionInstallBanner />
      <WardrobeCollection onOpen={setQuickView} />
      <LazyQuickView product={quickView} onClose={() => setQuickView(null)} />
    </Page>
  );
}
