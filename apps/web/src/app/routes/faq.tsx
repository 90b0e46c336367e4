import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';

export function FaqRoute() {
  return (
    <Page title="Frequently Asked Questions" className="page--narrow">
      <PlaceholderPanel heading="Questions and answers">
        Answers about how Closetly works, accounts, the browser extension, supported retailers and returns will
        appear here.
      </PlaceholderPanel>
    </Page>
  );
}
