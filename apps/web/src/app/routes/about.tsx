import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';

/** Spec §2 About: mission; key features; what makes it different; vision. */
export function AboutRoute() {
  const { name, tagline } = siteConfig;
  return (
    <Page title="About Us" lead={tagline} className="page--narrow">
      <div className="prose">
        <section aria-labelledby="about-mission">
          <h2 id="about-mission">Our mission</h2>
          <p>
            Shopping for clothes means dozens of tabs, a dozen retailers and no way to keep track. {name} brings clothing and accessories from
            many retailers, large and small, into one place, so you can find what fits you, keep what you love, and buy it straight from the
            retailer.
          </p>
        </section>

        <section aria-labelledby="about-features">
          <h2 id="about-features">What you can do</h2>
          <ul>
            <li>
              <strong>Keep a profile that knows your size.</strong> Save your measurements and size preferences once, with your favourite
              brands, and let them shape what you see.
            </li>
            <li>
              <strong>Save from any shop.</strong> The {name} browser extension adds items to your wardrobe while you shop on other sites.
            </li>
            <li>
              <strong>Get recommendations.</strong> See items that shoppers with similar taste save, and new arrivals from the brands you
              love.
            </li>
            <li>
              <strong>Compare in one place.</strong> Search across retailers and put similar pieces and prices side by side before you buy.
            </li>
            <li>
              <strong>Discover small retailers.</strong> Independent shops sit beside the big names, so good pieces are found on their merits.
            </li>
          </ul>
        </section>

        <section aria-labelledby="about-different">
          <h2 id="about-different">What makes us different</h2>
          <p>
            Our ranking is never based on advertising: no retailer or brand can pay to be shown first. What you see comes from what shoppers
            save and what your profile says about you. {name} is free to use; we earn through retailer affiliate partnerships.
          </p>
        </section>

        <section aria-labelledby="about-vision">
          <h2 id="about-vision">Our vision</h2>
          <p>
            A wardrobe that follows you across every shop: one place where everything you like is kept, compared and matched to you, so you
            can stop searching and start shopping.
          </p>
          <p>
            Questions? Read the <Link to={paths.faq}>FAQs</Link> or our <Link to={paths.privacyPolicy}>privacy policy</Link>.
          </p>
        </section>
      </div>
    </Page>
  );
}
