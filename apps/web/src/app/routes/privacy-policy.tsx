import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';

/**
 * Always reachable, with or without a beta token (spec section 2). Spec section 1's statements, and the
 * self-service rights of issue 14: download your data, delete your account (Profile › Privacy).
 */
export function PrivacyPolicyRoute() {
  const { name, privacyEmail } = siteConfig;
  return (
    <Page title="Privacy Policy" lead={`How ${name} handles your information.`} className="page--narrow">
      <div className="prose">
        <section aria-labelledby="privacy-age">
          <h2 id="privacy-age">For adults 18 and over</h2>
          <p>
            {name} is intended for adults aged 18 and over. We do not knowingly collect information from anyone
            under 18.
          </p>
        </section>

        <section aria-labelledby="privacy-collect">
          <h2 id="privacy-collect">What we keep</h2>
          <p>When you create an account, we keep the information you give us to run the service:</p>
          <ul>
            <li>your name, email address and, if you choose, your gender;</li>
            <li>the measurements, sizes and favorite brands you add to your profile;</li>
            <li>the items you save to your wardrobe and your recent searches;</li>
            <li>any feedback you give about how an item is categorized.</li>
          </ul>
        </section>

        <section aria-labelledby="privacy-sharing">
          <h2 id="privacy-sharing">No third-party data sharing</h2>
          <p>
            We do not share, sell or rent your data to third parties. When you follow a buy link you leave {name}{' '}
            for the retailer's own site, where the retailer's privacy policy applies.
          </p>
        </section>

        <section aria-labelledby="privacy-cookies">
          <h2 id="privacy-cookies">No cookies or tracking</h2>
          <p>
            {name} uses no cookies and no tracking or analytics tools, and the site loads nothing
            from third parties. Your browser's local storage holds only what the site needs to work on your device,
            such as your beta access code confirmation, your sign-in session and recently loaded product lists.
          </p>
        </section>

        <section aria-labelledby="privacy-retention">
          <h2 id="privacy-retention">How long we keep your data</h2>
          <p>We keep your data for as long as your account exists.</p>
        </section>

        <section aria-labelledby="privacy-download">
          <h2 id="privacy-download">Downloading your data</h2>
          <p>
            You can download everything we hold about you at any time: in <Link to={paths.profile}>Profile › Privacy</Link>,
            choose Download my data. You get one JSON file with your account, your profile, your wardrobe with the details
            you saved, your recent searches and your feedback.
          </p>
        </section>

        <section aria-labelledby="privacy-deletion">
          <h2 id="privacy-deletion">Deleting your data</h2>
          <p>
            You can delete your account yourself at any time: in <Link to={paths.profile}>Profile › Privacy</Link>, choose
            Delete my account. Your account is deleted immediately, and your data is removed from every {name} service.
            Products that only you had saved are removed after 30 days, like any item nobody saves.
          </p>
          <p>
            You can ask us to delete your account and all of your data at any time by emailing{' '}
            <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
          </p>
        </section>
      </div>
    </Page>
  );
}
