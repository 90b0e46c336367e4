import { markTab, unmarkTabs } from './saved-icon';

/** Just the parts of chrome that the badges use: session storage, and badges on the tabs that are open. */
function fakeChrome(openTabs: number[]) {
  const session: Record<string, unknown> = {};
  const badges = new Map<number, string>();
  const onTab = async (tabId: number, change: () => void) => {
    if (!openTabs.includes(tabId)) throw new Error(`No tab with id: ${tabId}.`);
    change();
  };
  const chrome = {
    storage: {
      session: {
        get: async (key: string) => (key in session ? { [key]: structuredClone(session[key]) } : {}),
        set: async (items: Record<string, unknown>) => void Object.assign(session, structuredClone(items)),
        remove: async (keys: string | string[]) => [keys].flat().forEach((key) => delete session[key]),
      },
    },
    action: {
      setBadgeBackgroundColor: ({ tabId }: { tabId: number }) => onTab(tabId, () => undefined),
      setBadgeText: ({ tabId, text }: { tabId: number; text: string }) => onTab(tabId, () => badges.set(tabId, text)),
    },
  };
  Object.assign(globalThis, { chrome });
  return { badges, openTabs };
}

describe('the ✓ badge on tabs', () => {
  afterEach(() => {
    delete (globalThis as { chrome?: unknown }).chrome;
  });

  it('clears the badge on every tab marked for a removed product, and only those', async () => {
    const { badges } = fakeChrome([1, 2, 3]);
    await markTab(1, 'coat');
    await markTab(2, 'coat');
    await markTab(3, 'shirt');
    expect([...badges.values()]).toEqual(['✓', '✓', '✓']);

    await unmarkTabs('coat');
    expect(Object.fromEntries(badges)).toEqual({ 1: '', 2: '', 3: '✓' });
    // Forgotten once cleared: a second removal touches nothing.
    badges.clear();
    await unmarkTabs('coat');
    expect(badges.size).toBe(0);
  });

  it('skips tabs closed since, and clears every marked tab on sign-out', async () => {
    const { badges, openTabs } = fakeChrome([1, 2]);
    await markTab(1, 'coat');
    await markTab(2, 'shirt');
    openTabs.splice(openTabs.indexOf(1), 1);
    await unmarkTabs();
    expect(Object.fromEntries(badges)).toEqual({ 1: '✓', 2: '' });
  });

  it('forgets a tab whose badge the popup cleared', async () => {
    const { badges } = fakeChrome([1]);
    await markTab(1, 'coat');
    await markTab(1, null);
    badges.clear();
    await unmarkTabs('coat');
    expect(badges.size).toBe(0);
  });
});
