import { z } from 'zod';

/**
 * The web app ↔ browser extension messages (spec §7: "login with token,
 * logout, ping"), sent with chrome.runtime.sendMessage(extensionId, …) from
 * the web origins the extension's `externally_connectable` names. The
 * extension parses every message with these schemas and refuses the rest.
 */
export const EXTENSION_MESSAGE_TYPES = ['CLOSETLY_LOGIN', 'CLOSETLY_LOGOUT', 'CLOSETLY_PING'] as const;

/** After a sign-in (or a session confirmed on load) when the extension says it is signed out. */
export const ExtensionLoginMessage = z
  .object({
    type: z.literal('CLOSETLY_LOGIN'),
    /** An extension-scoped token (POST /api/auth/extension-token), never the app's own access token. */
    token: z.string().min(1).max(4096),
    /** The extension calls the gateway behind the beta gate too. */
    betaToken: z.string().min(1).max(4096),
    /** Shown in the popup ("Signed in as …"). */
    email: z.string().max(320).optional(),
  })
  .strict();
export type ExtensionLoginMessage = z.infer<typeof ExtensionLoginMessage>;

export const ExtensionLogoutMessage = z.object({ type: z.literal('CLOSETLY_LOGOUT') }).strict();
export const ExtensionPingMessage = z.object({ type: z.literal('CLOSETLY_PING') }).strict();

export const WebToExtensionMessage = z.discriminatedUnion('type', [ExtensionLoginMessage, ExtensionLogoutMessage, ExtensionPingMessage]);
export type WebToExtensionMessage = z.infer<typeof WebToExtensionMessage>;

/** Every answer: a ping learns whether the extension holds a session, so the app can send one. */
export const ExtensionAnswer = z.object({
  type: z.literal('CLOSETLY_PONG'),
  signedIn: z.boolean(),
  /** Whose session it holds, so the app can replace another account's. */
  email: z.string().max(320).optional(),
  version: z.string().max(40).optional(),
});
export type ExtensionAnswer = z.infer<typeof ExtensionAnswer>;

/**
 * The extension's Chrome permissions (its manifest asks for exactly these, with host access to the app's own
 * origins): the /extension page explains each, and its list is typed over this one so neither can drift.
 */
export const EXTENSION_PERMISSIONS = ['activeTab', 'scripting', 'storage', 'contextMenus', 'declarativeContent', 'alarms'] as const;
export type ExtensionPermission = (typeof EXTENSION_PERMISSIONS)[number];
