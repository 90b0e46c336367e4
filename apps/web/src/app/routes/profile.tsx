import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function ProfileRoute() {
  return (
    <Page title="My Profile" lead="Your details help us recommend items in your size and style.">
      <PlaceholderPanel heading="Profile details">
        Your personal information, measurements, favorite brands and sizes will be editable here.
      </PlaceholderPanel>
    </Page>
  );
}
