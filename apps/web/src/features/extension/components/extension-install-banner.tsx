import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useExtensionDetected } from '../hooks/use-extension-detected';

/** Spec §2 My Wardrobe: an install banner when the extension is not detected. */
export function ExtensionInstallBanner() {
  const detected = useExtensionDetected();
  if (detected !== false) return null;
  return (
    <aside className="extension-banner" aria-label="Browser extension">
      <div>
        <p className="extension-banner__title">Save items from any shop</p>
        <p className="extension-banner__text">Install the Closetly browser extension to add products to your wardrobe while you browse.</p>
      </div>
      <Link className="button button--primary" to={paths.extension}>
        Install Extension
      </Link>
    </aside>
  );
}
