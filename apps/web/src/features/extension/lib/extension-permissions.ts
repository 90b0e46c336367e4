import type { ExtensionPermission } from '@closetly/contracts';

/**
 * The extension's permissions as the /extension page explains them. Keyed by the manifest's own list
 * (EXTENSION_PERMISSIONS in the contracts), so a permission added there without a line here fails the
 * typecheck; `host` is its access to this site's origins.
 */
const EXPLAINED: Record<ExtensionPermission | 'host', { label: string; why: string }> = {
  activeTab: { label: 'The page you are on, when you ask', why: 'Only when you press its button or choose “Save to Closetly”, to read the product’s name, price and picture.' },
  scripting: { label: 'Run its reader in that page', why: 'The same reader the site uses to find the product on a shop’s page, with the permission above.' },
  storage: { label: 'Storage in your browser', why: 'Your sign-in for the extension and the list of pages you saved, kept on your computer.' },
  contextMenus: { label: 'A right-click menu item', why: '“Save to Closetly” on pages and pictures.' },
  declarativeContent: { label: 'The check mark on saved pages', why: 'Chrome itself decides when to show it, so the extension never sees the pages you visit.' },
  alarms: { label: 'A timer while you are signed in', why: 'Wakes it every 30 seconds to keep its list of saved pages up to date with what you change on this site or another device.' },
  host: { label: 'This site only', why: 'To save, list and remove your wardrobe items, hear when they change, and report their prices, nowhere else.' },
};

export const EXTENSION_PERMISSION_LINES = Object.entries(EXPLAINED).map(([name, line]) => ({ name, ...line }));
