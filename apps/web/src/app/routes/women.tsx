import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function WomenRoute() {
  return (
    <Page title="Women">
      <PlaceholderPanel heading="Popular Women's Items">
        Popular women's items and rows of tops, bottoms, shoes and outerwear will appear here.
      </PlaceholderPanel>
    </Page>
  );
}
