/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { RUNTIME_MODES, type RuntimeMode, type StartedProduct } from '@closetly/all-in-one/testing';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import { HTTP_ROUTES, LIVE_EVENT_ID, type ItemInput, type SignUpRequest, type WardrobeItem } from '@closetly/contracts';
import { pollUntil, startTcpOutageProxy, type TcpOutageProxy } from '@closetly/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, passBetaGate, screenshot, type Viewport, VIEWPORTS } from './browser';

/**
 * The live wardrobe (issue 26) in Chromium, in both runtime modes: what the extension (its token, through
 * the API) saves and removes shows in every signed-in page of the user promptly after the change's
 * 2xx, with no reload: My Wardrobe, the header's empty-wardrobe dot, the product page's Save/Remove. The
 * tabs of one browser share one stream, and a dropped stream resumes from its last id.
 */

const PASSWORD = 'L1ve!Wardrobe';
/**
 * How long a change made elsewhere may take to show here. The feature's promise (within a second of the
 * 2xx, issue 26) is a speed target, measured by `npm run bench` (live events: p50 and p95 in both modes),
 * not asserted on a test machine's clock; this bound is far below anything the page would do without the
 * stream (its wardrobe refetch comes after 5 minutes, its cache lasts an hour), so only the stream passes it.
 */
const LIVE_WITHIN_MS = 10_000;

const [DESKTOP, MOBILE] = VIEWPORTS;

const newAccount = (): SignUpRequest => ({
  firstName: 'Ada',
  lastName: 'Live',
  email: `live-${randomBytes(5).toString('hex')}@example.com`,
  password: PASSWORD,
  gender: 'female',
});

const linenShirt = (): ItemInput => ({
  name: `Linen Shirt ${randomBytes(3).toString('hex')}`,
  brand: 'Zara',
  price: 59.99,
  description: 'A relaxed linen shirt.',
  sourceUrl: `https://www.zara.com/us/en/linen-shirt-${randomBytes(3).toString('hex')}.html`,
  gender: 'Women',
});

const isStreamRequest = (url: string) => new URL(url).pathname === HTTP_ROUTES.liveEvents.path;

const header = (page: Page) => page.getByRole('banner');
const wardrobeIcon = (page: Page, empty: boolean) => header(page).getByRole('link', { name: empty ? 'My Wardrobe (empty)' : 'My Wardrobe', exact: true });
const wardrobeCard = (page: Page, name: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: name });

/** My Wardrobe lists the item (or not) and the header's dot says the same, now (no waiting). */
async function showsSaved(page: Page, name: string, saved: boolean): Promise<boolean> {
  const [cards, icons] = await Promise.all([wardrobeCard(page, name).count(), wardrobeIcon(page, !saved).count()]);
  return (cards > 0) === saved && icons === 1;
}

/** Every page satisfies `check` within LIVE_WITHIN_MS of now (the change's 2xx), without a reload. */
async function promptly(pages: Page[], check: (page: Page) => Promise<boolean>, what: string): Promise<void> {
  await pollUntil(async () => (await Promise.all(pages.map(check))).every(Boolean), Boolean, { timeoutMs: LIVE_WITHIN_MS, intervalMs: 25, what });
}

describe.each(RUNTIME_MODES)('live wardrobe in the web app ($name mode)', (mode) => liveWardrobeSuite(mode));

function liveWardrobeSuite(mode: RuntimeMode): void {
  let started: StartedProduct;
  let browser: Browser;
  let betaToken: string;
  let api: ApiClient;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    started = await mode.start({ RATE_LIMIT_MULTIPLIER: '10' });
    betaToken = await started.product.betaToken();
    api = createApiClient({ baseUrl: started.product.baseUrl, getBetaToken: () => betaToken });
    browser = await launchChromium();
  }, 240_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await started?.stop();
  }, 60_000);

  /** A user signed up through the API, and the extension's client for them (a token minted as the web app does). */
  async function userWithExtension(): Promise<{ account: SignUpRequest; extension: ApiClient }> {
    const account = newAccount();
    const session = await api.signUp(account);
    // Only confirmed accounts' saves make a product others can open (the seeder's).
    await started.product.confirmEmail(account.email);
    const web = createApiClient({ baseUrl: started.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const { token } = await web.mintExtensionToken();
    const extension = createApiClient({ baseUrl: started.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => token });
    return { account, extension };
  }

  /** Every request a page makes to the live events stream, with its headers. */
  function streamRequests(page: Page): Array<Record<string, string>> {
    const requests: Array<Record<string, string>> = [];
    page.on('request', (request) => {
      if (isStreamRequest(request.url())) requests.push(request.headers());
    });
    return requests;
  }

  /** Waits until the page's stream answered 200 (it is then subscribed: the server answers after subscribing). */
  async function streamOpen(page: Page): Promise<void> {
    await page.waitForResponse((response) => isStreamRequest(response.url()) && response.status() === 200, { timeout: 20_000 });
  }

  /** A new browser (device) signed in as `account` through the sign-in form, at `origin` (the product's, or a relay's). */
  async function signedInDevice(account: SignUpRequest, viewport: Viewport, origin = started.product.baseUrl): Promise<{ context: BrowserContext; page: Page; requests: Array<Record<string, string>> }> {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    contexts.push(context);
    const page = await context.newPage();
    const requests = streamRequests(page);
    await page.goto(new URL('/signin', origin).toString());
    await passBetaGate(page, started.product.demoBetaCode);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const opened = streamOpen(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(new URL('/', origin).toString());
    await opened;
    return { context, page, requests };
  }

  /** Opens My Wardrobe in the page the way a user does (the header's icon), keeping the page (and its stream) alive. */
  async function openMyWardrobe(page: Page, empty: boolean): Promise<void> {
    await wardrobeIcon(page, empty).click();
    await page.getByRole('heading', { level: 1, name: 'My Wardrobe' }).waitFor();
  }

  it('shows a save made with the extension token in two other devices without a reload, and a removal too', async () => {
    const { account, extension } = await userWithExtension();
    const desktop = await signedInDevice(account, DESKTOP);
    const phone = await signedInDevice(account, MOBILE);
    for (const device of [desktop, phone]) await openMyWardrobe(device.page, true);
    await desktop.page.getByText('Your wardrobe is empty or no items match the current filters.').waitFor();
    // A second tab of the desktop browser on the Women page, whose first row is the wardrobe's (none yet).
    const womenTab = await desktop.context.newPage();
    const womenTabRequests = streamRequests(womenTab);
    await womenTab.goto(new URL('/women', started.product.baseUrl).toString());
    await wardrobeIcon(womenTab, true).waitFor();
    const womenRow = womenTab.getByRole('region', { name: "From Your Women's Wardrobe" });
    const womenRowShows = async (name: string) => (await womenRow.count()) === 1 && (await womenRow.getByText(name).count()) > 0;

    const item = linenShirt();
    const saved: WardrobeItem = await extension.saveItem(item);
    await promptly(
      [desktop.page, phone.page, womenTab],
      async (page) => (page === womenTab ? (await wardrobeIcon(page, false).count()) === 1 && (await womenRowShows(item.name)) : showsSaved(page, item.name, true)),
      "the saved item in My Wardrobe and the Women page's wardrobe row, and no empty dot",
    );
    await screenshot(desktop.page, `live-wardrobe-${mode.name}-saved-elsewhere-1280`);
    await screenshot(phone.page, `live-wardrobe-${mode.name}-saved-elsewhere-390`);

    await extension.removeFromWardrobe(saved.id);
    await promptly(
      [desktop.page, phone.page, womenTab],
      async (page) => (page === womenTab ? (await wardrobeIcon(page, true).count()) === 1 && (await womenRow.count()) === 0 : showsSaved(page, item.name, false)),
      'the removed item gone everywhere and the empty dot back',
    );
    // The cache the next visit starts from holds the emptied list, not the hour-old one.
    const cached = await desktop.page.evaluate<string | null>(`window.localStorage.getItem('closetly.wardrobe.v1')`);
    expect((JSON.parse(cached ?? '{}') as { items?: unknown[] }).items).toEqual([]);
    // Each device held one stream, opened once; the desktop's second tab heard it through the first.
    expect([desktop.requests.length, phone.requests.length, womenTabRequests.length]).toEqual([1, 1, 0]);
  }, 120_000);

  // How tabs share a stream and how a page signs out are the page's own logic, the same over either mode's
  // gateway: run once, in the embedded product, to keep the suite's time.
  const inEmbeddedOnly = mode.name === 'embedded' ? it : it.skip;

  inEmbeddedOnly("shares one stream between a browser's tabs, and the tab left resumes it from the last id when the leader closes", async () => {
    const seeder = await userWithExtension();
    const product = await seeder.extension.saveItem(linenShirt());
    const { account, extension } = await userWithExtension();
    const first = await signedInDevice(account, DESKTOP);
    const second = await first.context.newPage();
    const secondRequests = streamRequests(second);
    // The second tab shows the product page, whose Save/Remove follows the wardrobe.
    await second.goto(new URL(`/product/${product.id}`, started.product.baseUrl).toString());
    await second.getByRole('button', { name: 'Save to Wardrobe' }).waitFor();
    await wardrobeIcon(first.page, true).waitFor();

    expect((await extension.saveItem({ ...linenShirt(), name: product.name, sourceUrl: product.sourceUrl })).id).toBe(product.id);
    await promptly(
      [first.page, second],
      async (page) => (await wardrobeIcon(page, false).count()) === 1 && (page !== second || (await second.getByRole('button', { name: 'Remove from Wardrobe' }).count()) === 1),
      'both tabs showing the save',
    );
    // Both tabs heard it, over one stream: the first tab's.
    expect(first.requests).toHaveLength(1);
    expect(secondRequests).toHaveLength(0);

    // The leader closes: the other tab takes the stream over, from the id of the save it heard.
    const takenOver = streamOpen(second);
    await first.page.close();
    await takenOver;
    expect(secondRequests).toHaveLength(1);
    expect(secondRequests[0]?.['last-event-id']).toMatch(LIVE_EVENT_ID);

    await extension.removeFromWardrobe(product.id);
    await promptly(
      [second],
      async (page) => (await page.getByRole('button', { name: 'Save to Wardrobe' }).count()) === 1 && (await wardrobeIcon(page, true).count()) === 1,
      'the removal in the tab left',
    );
    expect(secondRequests).toHaveLength(1);
  }, 120_000);

  inEmbeddedOnly('signs a page out at once when the session ends elsewhere (sign out everywhere), and does not reopen the stream', async () => {
    const { account } = await userWithExtension();
    const device = await signedInDevice(account, DESKTOP);
    await openMyWardrobe(device.page, true);

    const elsewhere = await api.signIn({ email: account.email, password: PASSWORD });
    await createApiClient({ baseUrl: started.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => elsewhere.accessToken }).signOutEverywhere();
    // No call of the page's own meets a 401 first: the page sits on My Wardrobe until the stream says so.
    await device.page.waitForURL(new URL('/signin', started.product.baseUrl).toString(), { timeout: 10_000 });
    expect(await header(device.page).getByRole('link', { name: /^My Wardrobe/ }).count()).toBe(0);
    expect(await device.page.evaluate(`window.localStorage.getItem('closetly.session')`)).toBeNull();
    expect(device.requests).toHaveLength(1);
  }, 120_000);

  describe('through a connection that drops', () => {
    let relay: TcpOutageProxy;

    beforeAll(async () => {
      const target = new URL(started.product.baseUrl);
      relay = await startTcpOutageProxy({ host: target.hostname, port: Number(target.port) });
    });

    afterAll(async () => {
      await relay?.close();
    });

    it('resumes with Last-Event-ID and loses no event saved while it was down', async () => {
      const { account, extension } = await userWithExtension();
      const device = await signedInDevice(account, DESKTOP, `http://${relay.address}`);
      await openMyWardrobe(device.page, true);

      const before = linenShirt();
      await extension.saveItem(before);
      await promptly([device.page], (page) => showsSaved(page, before.name, true), 'the first save');

      // The connection drops (reset), and the product is out of reach while the extension saves again.
      await relay.cut();
      const during = linenShirt();
      await extension.saveItem(during);
      await relay.restore();

      await pollUntil(() => showsSaved(device.page, during.name, true), Boolean, { what: 'the save made while the stream was down' });
      // The item may show first through the wardrobe's own refetch (one cut off by the drop is retried), so the
      // stream's reconnect, after its backoff, is waited for rather than assumed to have come first.
      await pollUntil(() => device.requests.length, (count) => count > 1, { what: 'the stream reconnecting' });
      const resumed = device.requests.slice(1);
      for (const headers of resumed) expect(headers['last-event-id']).toMatch(LIVE_EVENT_ID);
      expect(await showsSaved(device.page, before.name, true)).toBe(true);
      await screenshot(device.page, `live-wardrobe-${mode.name}-resumed-1280`);
    }, 120_000);
  });
}
