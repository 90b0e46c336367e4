import { useExtensionDetected } from '../hooks/use-extension-detected';
import { EXTENSION_INSTALL_URL } from '../lib/extension-channel';

export { EXTENSION_INSTALL_URL };

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
      <a className="button button--primary" href={EXTENSION_INSTALL_URL}>
        Install Extension
      </a>
    </aside>
  );
}
