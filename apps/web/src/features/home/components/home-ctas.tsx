import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useExtensionDetected } from '@/features/extension/hooks/use-extension-detected';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';

/** Spec §2 Home, row 2: for a complete profile whose wardrobe is empty. */
export function InstallExtensionCta() {
  const headingId = useId();
  // Once the extension answers, there is nothing to install: say how to use it instead.
  const installed = useExtensionDetected() === true;
  // Phones run no browser extensions (spec §1): no install button there, and the text says where it works.
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  return (
    <section className="cta" aria-labelledby={headingId}>
      <div className="cta__text">
        <h2 id={headingId} className="cta__title">
          Start your wardrobe
        </h2>
        <p className="cta__lead">
          {installed
            ? 'On any shop’s product page, press the Closetly button in your browser’s toolbar to save the item. It lands in My Wardrobe.'
            : phone
              ? 'Save items from any product’s page here. On a computer, the Closetly extension for Chrome saves them from any shop as you browse.'
              : 'Install the Closetly browser extension to save items from any shop as you browse. They all land in My Wardrobe.'}
        </p>
      </div>
      <div className="cta__actions">
        {installed || phone ? null : (
          <Link className="button button--primary" to={paths.extension}>
            Install Extension
          </Link>
        )}
        <Link className="button button--ghost" to={paths.myWardrobe}>
          View My Wardrobe
        </Link>
      </div>
    </section>
  );
}

/** Spec §2 Home, row 3: for a signed-in shopper whose profile is incomplete. */
export function PersonalizeCta() {
  const headingId = useId();
  return (
    <section className="cta" aria-labelledby={headingId}>
      <div className="cta__text">
        <h2 id={headingId} className="cta__title">
          Personalize Your Experience
        </h2>
        <p className="cta__lead">Add your gender, sizes or measurements to your profile, and we will recommend items picked for you.</p>
      </div>
      <div className="cta__actions">
        <Link className="button button--primary" to={paths.profile}>
          Update Profile
        </Link>
      </div>
    </section>
  );
}
