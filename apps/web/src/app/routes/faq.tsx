import { Page } from '@/components/ui/page';
import { FaqList } from '@/features/faq/components/faq-list';

export function FaqRoute() {
  return (
    <Page title="Frequently Asked Questions" lead="How Closetly works, accounts, the browser extension, retailers and returns." className="page--narrow">
      <FaqList />
    </Page>
  );
}
