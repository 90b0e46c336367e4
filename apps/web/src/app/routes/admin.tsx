import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function AdminRoute() {
  return (
    <Page
      title="Admin Dashboard - At Risk Items"
      lead="Items with no active saves are deleted after 30 days of inactivity."
    >
      <PlaceholderPanel heading="At-risk items">
        Items at risk of deletion and products missing gender tags will be listed here.
      </PlaceholderPanel>
    </Page>
  );
}
