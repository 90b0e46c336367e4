import './zod-without-eval';
import { openLiveEvents } from '@closetly/api-client';
import { type ExtensionAnswer, WebToExtensionMessage } from '@closetly/contracts';
import { describeFailure, forgetSavedProduct, refreshSavedPages, saveItem, signIn, signOut } from './lib/account';
import { capturePage, isProduct } from './lib/capture-page';
import { itemFromCapture } from './lib/item';
import { createLiveWardrobe } from './lib/live-wardrobe';
import { markTab } from './lib/saved-icon';
import { changesSession, readLiveEventId, readSavedPages, readSession, writeLiveEventId } from './lib/session';
import { isAllowedWebOrigin } from './lib/web-origins';

/**
 * The service worker: the web app's messages (login with token, logout, ping),
 * the "Save to Closetly" context menu, the saved-page icons, and the live events
 * that keep the saved set current. Listeners are registered at the top level, as
 * MV3 requires for a worker that wakes on events.
 */
const SAVE_PAGE = 'closetly-save-page';
const SAVE_IMAGE = 'closetly-save-image';
/** Wakes the worker while signed in, so the live stream is (re)opened: Chrome stops a worker idle for 30 s. */
const LIVE_ALARM = 'closetly-live-events';
/** The shortest period Chrome honours (30 s from Chrome 120; earlier versions round it up to a minute). */
const LIVE_ALARM_MINUTES = 0.5;

const liveWardrobe = createLiveWardrobe({
  openLiveEvents,
  readSession,
  readLiveEventId,
  writeLiveEventId,
  readSavedPages,
  refreshSavedPages,
  forgetSavedProduct,
  signOut,
  keepAwake,
});

async function keepAwake(signedIn: boolean): Promise<void> {
  if (!signedIn) {
    await chrome.alarms.clear(LIVE_ALARM);
    return;
  }
  // Created once: creating it again would push its next wake back.
  if (!(await chrome.alarms.get(LIVE_ALARM))) await chrome.alarms.create(LIVE_ALARM, { periodInMinutes: LIVE_ALARM_MINUTES });
}

// Whatever woke the worker (start-up, install or update, the alarm, a message), the stream opens again,
// resuming from the last event applied; an event handled while it was stopped is replayed then.
void liveWardrobe.sync();

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === LIVE_ALARM) void liveWardrobe.sync();
});

// Sign-in, sign-out and a session ended by a 401 may happen in the popup too: the stream follows the stored session.
chrome.storage.onChanged.addListener((changes, area) => {
  if (changesSession(changes, area)) void liveWardrobe.sync();
});

chrome.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
  answerWebApp(message, sender).then(sendResponse, (error: unknown) => {
    console.warn('Closetly: a message from the web app failed', error);
    sendResponse(undefined);
  });
  return true; // answers asynchronously
});

async function answerWebApp(message: unknown, sender: chrome.runtime.MessageSender): Promise<ExtensionAnswer | undefined> {
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : undefined);
  const allowed = chrome.runtime.getManifest().externally_connectable?.matches ?? [];
  if (!origin || !isAllowedWebOrigin(origin, allowed)) return undefined;
  const parsed = WebToExtensionMessage.safeParse(message);
  if (!parsed.success) return undefined;
  if (parsed.data.type === 'CLOSETLY_LOGIN') await signIn(parsed.data, origin);
  else if (parsed.data.type === 'CLOSETLY_LOGOUT') await signOut();
  // Opens the stream on sign-in, closes it on sign-out (the storage listener would too, a moment later).
  if (parsed.data.type !== 'CLOSETLY_PING') void liveWardrobe.sync();
  const session = await readSession();
  // With the email, the app knows the extension holds its user's session: without it, the app's presence
  // poll minted a new extension token and signed the extension in again every 5 s (each time a new stream).
  return { type: 'CLOSETLY_PONG', signedIn: session !== null, ...(session?.email ? { email: session.email } : {}), version: chrome.runtime.getManifest().version };
}

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: SAVE_PAGE, title: 'Save to Closetly', contexts: ['page'] });
    chrome.contextMenus.create({ id: SAVE_IMAGE, title: 'Save to Closetly', contexts: ['image'] });
  });
});

// The saved set may have changed elsewhere (the web app, another browser) while the browser was closed.
chrome.runtime.onStartup.addListener(() => {
  void readSession().then((session) => session && refreshSavedPages(session).catch((error: unknown) => console.warn('Closetly: could not refresh saved pages', error)));
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  void saveFromMenu(info, tab);
});

/** The context menu saves at once; what happened shows on the badge and its tooltip. */
async function saveFromMenu(info: chrome.contextMenus.OnClickData, tab: chrome.tabs.Tab | undefined): Promise<void> {
  const tabId = tab?.id;
  if (tabId === undefined) return;
  try {
    if (!(await readSession())) return await report(tabId, '!', 'Sign in to Closetly to save items.');
    const capture = await capturePage(tabId);
    // An image's address becomes the item's image (issue 12), whatever the page says.
    const item = itemFromCapture(capture, info.menuItemId === SAVE_IMAGE && info.srcUrl ? { imageUrl: info.srcUrl } : {});
    if (!isProduct(capture) || !item) return await report(tabId, '!', 'No product found on this page. Open Closetly to add it by hand.');
    const saved = await saveItem(item, capture.pageUrl);
    await markTab(tabId, saved.id);
    await chrome.action.setTitle({ tabId, title: `Saved to Closetly: ${item.name}` });
  } catch (error) {
    await report(tabId, '!', describeFailure(error));
  }
}

async function report(tabId: number, badge: string, title: string): Promise<void> {
  await chrome.action.setBadgeBackgroundColor({ tabId, color: '#b3261e' });
  await chrome.action.setBadgeText({ tabId, text: badge });
  await chrome.action.setTitle({ tabId, title });
}
