import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function ProductRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Product">
      <PlaceholderPanel heading="Product details">Details for item {id} will appear here.</PlaceholderPanel>
    </Page>
  );
}
