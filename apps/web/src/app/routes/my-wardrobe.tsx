import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function MyWardrobeRoute() {
  return (
    <Page title="My Wardrobe" lead="The items you save while shopping, in one place.">
      <PlaceholderPanel heading="Saved items">Your saved items, with filters, will appear here.</PlaceholderPanel>
    </Page>
  );
}
