/**
 * The extension's manifest (Chrome MV3), made by the build from its settings.
 * Each permission and why (issue 12: as small as the job allows):
 * - activeTab: read the page the user is on, only when they click the toolbar button or the menu item;
 * - scripting: run the extraction library in that page (with the activeTab grant);
 * - storage: the extension token and the set of saved pages, in chrome.storage.local;
 * - contextMenus: "Save to Closetly" on pages and images;
 * - declarativeContent: the check icon on saved pages, decided by the browser, so the extension
 *   never reads the addresses of the pages the user visits;
 * - alarms: wakes the service worker while signed in (Chrome stops it when idle), so its live stream of
 *   the user's wardrobe changes reopens and the saved set follows what changed on the web (issue 26);
 * - host access to the gateway's origins only: the API calls (save, wardrobe, remove).
 */
import { EXTENSION_PERMISSIONS } from '@closetly/contracts';

export interface ExtensionSettings {
  version: string;
  /** Web origins of the Closetly app (served by the gateway), e.g. "https://closetly.app". */
  webOrigins: readonly string[];
  /** The public key that fixes the extension's id when side-loaded (the store assigns its own). */
  key?: string;
}

/** The permissions themselves live in the contracts, where the web app's /extension page explains each. */
export const PERMISSIONS = EXTENSION_PERMISSIONS;

/** "https://closetly.app" → "https://closetly.app/*"; a port is dropped, as match patterns match any port. */
export function matchPatternFor(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${origin} is not a web origin`);
  return `${url.protocol}//${url.hostname}/*`;
}

export function buildManifest(settings: ExtensionSettings): chrome.runtime.ManifestV3 {
  const origins = [...new Set(settings.webOrigins.map(matchPatternFor))];
  return {
    manifest_version: 3,
    name: 'Closetly',
    short_name: 'Closetly',
    description: 'Save clothes and accessories from any shop to your Closetly wardrobe in one click.',
    version: settings.version,
    minimum_chrome_version: '116',
    ...(settings.key ? { key: settings.key } : {}),
    icons: { '16': 'icons/icon-16.png', '32': 'icons/icon-32.png', '48': 'icons/icon-48.png', '128': 'icons/icon-128.png' },
    action: { default_title: 'Save to Closetly', default_popup: 'popup.html', default_icon: { '16': 'icons/icon-16.png', '32': 'icons/icon-32.png' } },
    background: { service_worker: 'background.js', type: 'module' },
    permissions: [...PERMISSIONS],
    host_permissions: origins,
    externally_connectable: { matches: origins },
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'none'" },
  };
}
