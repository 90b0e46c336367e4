import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function MenRoute() {
  return (
    <Page title="Men">
      <PlaceholderPanel heading="Popular Men's Items">
        Popular men's items and rows of tops, bottoms, shoes and outerwear will appear here.
      </PlaceholderPanel>
    </Page>
  );
}
