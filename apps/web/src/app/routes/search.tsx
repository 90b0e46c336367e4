import type { ProductView } from '@closetly/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { LazyQuickView } from '@/features/quick-view/components/lazy-quick-view';
import { SearchResultsView } from '@/features/search/components/search-results-view';

export function SearchRoute() {
  const [searchParams] = useSearchParams();
  const term = searchParams.get('q')?.trim() ?? '';
  const [quickView, setQuickView] = useState<ProductView | null>(null);
  return (
    <Page title="Search Results" lead={term ? `You searched for “${term}”.` : 'Use the search box to find items from many retailers.'}>
      {term ? <SearchResultsView onOpen={setQuickView} /> : null}
      <LazyQuickView product={quickView} onClose={() => setQuickView(null)} />
    </Page>
  );
}
