import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function SearchRoute() {
  const [searchParams] = useSearchParams();
  const term = searchParams.get('q')?.trim() ?? '';
  return (
    <Page
      title="Search Results"
      lead={term ? `You searched for “${term}”.` : 'Use the search box to find items from many retailers.'}
    >
      <PlaceholderPanel heading="Results">
        Matching items from our retailers, with price, gender and brand filters, will appear here.
      </PlaceholderPanel>
    </Page>
  );
}
