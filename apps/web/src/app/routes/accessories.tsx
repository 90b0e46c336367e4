import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function AccessoriesRoute() {
  return (
    <Page title="Accessories">
      <PlaceholderPanel heading="Popular Accessories">
        Popular accessories and a grid of all accessories will appear here.
      </PlaceholderPanel>
    </Page>
  );
}
