import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';
import { supportedRetailerNames } from '../lib/supported-retailer-names';

interface FaqEntry {
  id: string;
  question: string;
  answer: ReactNode;
}

const { name } = siteConfig;

/** Spec §2 FAQ: nine questions on the listed topics (§9: 9 entries). */
const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'how-it-works',
    question: `How does ${name} work?`,
    answer: (
      <>
        <p>
          {name} gathers clothing and accessories from many retailers into one place. Search or browse the rows of popular, recommended and new
          items, open any of them for a quick view, and keep the ones you love in your wardrobe.
        </p>
        <p>When you are ready to buy, the buy link takes you to the retailer, where the purchase takes place.</p>
      </>
    ),
  },
  {
    id: 'free',
    question: `Is ${name} free to use?`,
    answer: (
      <p>
        Yes. {name} is free for shoppers. We earn through affiliate partnerships with retailers when you buy through our links, and that never
        changes what we show you: ranking is not based on advertising.
      </p>
    ),
  },
  {
    id: 'account',
    question: 'How do I create an account?',
    answer: (
      <p>
        Choose <Link to={paths.signUp}>Sign Up</Link> and register with your e-mail address and a password, or with a third-party account. By
        creating an account you agree to our terms and our <Link to={paths.privacyPolicy}>privacy policy</Link>. You must be 18 or over.
      </p>
    ),
  },
  {
    id: 'extension',
    question: 'How do I get the browser extension?',
    answer: (
      <p>
        The {name} extension is available for Google Chrome on your computer. <Link to={paths.extension}>The extension page</Link> says what it does
        and what it may access, and installs it: from the Chrome Web Store once it is listed there, until then by loading it into Chrome in a few
        steps. Once it is installed, sign in to {name} and the extension signs in with you, so you can add items to your wardrobe while you shop
        on other sites. It is not used on mobile.
      </p>
    ),
  },
  {
    id: 'retailers',
    question: 'Which retailers are supported?',
    answer: (
      <>
        <p>These retailers are explicitly supported:</p>
        <ul className="faq__retailers" aria-label="Supported retailers">
          {supportedRetailerNames().map((retailer) => (
            <li key={retailer}>{retailer}</li>
          ))}
        </ul>
        <p>Retailers that are not on the list may also work: save an item from any shop and try it.</p>
      </>
    ),
  },
  {
    id: 'without-extension',
    question: 'Can I use it without the extension?',
    answer: (
      <p>
        Yes. You can search, browse, open quick views, follow buy links and save items to your wardrobe on the site itself. The extension adds
        saving while you shop elsewhere, so without it your wardrobe and recommendations are a little less personal.
      </p>
    ),
  },
  {
    id: 'freshness',
    question: 'How often are items added and removed?',
    answer: (
      <p>
        All the time. Items are collected continuously as shoppers save them, so new ones appear every day. An item that nobody has saved for
        30 days is removed.
      </p>
    ),
  },
  {
    id: 'recommendations',
    question: `How does ${name} choose what to recommend?`,
    answer: (
      <p>
        Recommended for You shows items that shoppers with similar taste save, shaped by your profile: your gender, sizes and favourite brands.
        Complete your <Link to={paths.profile}>profile</Link> to see them. No one can pay to be ranked higher.
      </p>
    ),
  },
  {
    id: 'returns',
    question: 'How do returns and exchanges work?',
    answer: (
      <p>
        You buy from the retailer, so returns and exchanges follow the retailer&apos;s own policy. Contact the retailer you bought from; the
        details are usually in your order confirmation.
      </p>
    ),
  },
];

/** Nine questions; opening one closes the one that was open, and clicking the open one closes it (spec §2, §4). */
export function FaqList() {
  return (
    <Accordion.Root type="single" collapsible className="faq">
      {FAQ_ENTRIES.map((entry) => (
        <Accordion.Item key={entry.id} value={entry.id} className="faq__item">
          <Accordion.Header asChild>
            <h2 className="faq__heading">
              <Accordion.Trigger className="faq__trigger">
                <span>{entry.question}</span>
                <ChevronDownIcon className="faq__chevron" />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="faq__content">
            <div className="faq__answer prose">{entry.answer}</div>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
