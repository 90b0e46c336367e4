import { randomBytes, randomUUID } from 'node:crypto';
import { RUNTIME_MODES, type StartedProduct } from '@closetly/all-in-one/testing';
import { type ApiClient, createApiClient, type LiveEventsConnection, openLiveEvents } from '@closetly/api-client';
import {
  BETA_TOKEN_HEADER,
  EXTENSION_TOKEN_SCOPE_MESSAGE,
  type ItemInput,
  LIVE_EVENTS_BUSY_MESSAGE,
  LIVE_EVENTS_TOO_MANY_MESSAGE,
  LIVE_STREAMS_PER_USER,
  type LiveControl,
  type LiveEvent,
} from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';

/**
 * GET /api/events through the embedded product (the distributed mode's replicas, Kafka and Redis are
 * proved in distributed.e2e-spec.ts): what a user's other clients hear, the resume after a drop, the
 * caps, and the end of a session. Every event comes from the real bus: a save's wardrobe event, the
 * catalogue's price change, the profile's alert.
 */
const PASSWORD = 'Live3vents!Pass';
const embedded = RUNTIME_MODES.find((mode) => mode.name === 'embedded')!;

interface Listener {
  events: Array<{ id: string; event: LiveEvent }>;
  controls: LiveControl[];
  states: string[];
  unauthorized: number;
  connection: LiveEventsConnection;
}

describe('live events (GET /api/events, embedded)', () => {
  let started: StartedProduct;
  let betaToken: string;
  let baseUrl: string;
  const open: LiveEventsConnection[] = [];

  beforeAll(async () => {
    // A replica cap of a few streams, so the test can reach it; more sign-ups than one address gets an hour.
    started = await embedded.start({ LIVE_STREAMS_PER_REPLICA: '12', RATE_LIMIT_MULTIPLIER: '20' });
    baseUrl = started.product.baseUrl;
    betaToken = await started.product.betaToken();
  }, 180_000);

  afterEach(() => open.splice(0).forEach((connection) => connection.close()));
  afterAll(() => started?.stop());

  async function user(): Promise<{ client: ApiClient; accessToken: string; refreshToken: string; email: string }> {
    const email = `live-${randomBytes(5).toString('hex')}@example.com`;
    const anonymous = createApiClient({ baseUrl, getBetaToken: () => betaToken });
    const session = await anonymous.signUp({ firstName: 'Ada', lastName: 'Live', email, password: PASSWORD, gender: 'female' });
    await started.product.confirmEmail(email);
    const client = createApiClient({ baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    return { client, accessToken: session.accessToken, refreshToken: session.refreshToken, email };
  }

  function listen(accessToken: string, lastEventId: string | null = null): Listener {
    const listener: Omit<Listener, 'connection'> = { events: [], controls: [], states: [], unauthorized: 0 };
    const connection = openLiveEvents({
      baseUrl,
      getBetaToken: () => betaToken,
      getAccessToken: () => accessToken,
      lastEventId,
      onEvent: (event, id) => listener.events.push({ id, event }),
      onControl: (control) => listener.controls.push(control),
      onStateChange: (state) => listener.states.push(state),
      onUnauthorized: () => (listener.unauthorized += 1),
    });
    open.push(connection);
    return Object.assign(listener, { connection });
  }

  const ready = (listener: Listener) => pollUntil(() => listener.controls.filter((control) => control.type === 'ready').length, (n) => n >= 1, { what: 'the stream to be ready' });
  const item = (): ItemInput => ({
    name: `Wool Coat ${randomUUID().slice(0, 6)}`,
    brand: 'COS',
    price: 120,
    description: 'A long wool coat.',
    sourceUrl: `https://www.cos.com/en/coat-${randomUUID().slice(0, 8)}.html`,
    gender: 'Women',
  });
  /** The replica's open streams, as its metrics say. */
  const openStreams = async () => {
    const exposition = await (await fetch(started.metricsUrls.get('closetly')!)).text();
    return Number(/^closetly_live_streams_open (\d+)$/m.exec(exposition)?.[1] ?? NaN);
  };
  const raw = (headers: Record<string, string>) => fetch(`${baseUrl}/api/events`, { headers: { [BETA_TOKEN_HEADER]: betaToken, ...headers } });

  it('tells a user’s other clients of a save made with the extension’s token and of a removal, and no one else', async () => {
    const ada = await user();
    const stranger = await user();
    const phone = listen(ada.accessToken);
    const theirs = listen(stranger.accessToken);
    await Promise.all([ready(phone), ready(theirs)]);

    const extension = createApiClient({ baseUrl, getBetaToken: () => betaToken, getAccessToken: async () => (await ada.client.mintExtensionToken()).token });
    const saved = await extension.saveItem(item());
    await pollUntil(() => phone.events, (events) => events.length === 1, { what: 'the save on the other client' });
    expect(phone.events[0]!.event).toMatchObject({ type: 'item-saved', productId: saved.id });

    await ada.client.removeFromWardrobe(saved.id);
    await pollUntil(() => phone.events, (events) => events.length === 2, { what: 'the removal' });
    expect(phone.events[1]!.event).toMatchObject({ type: 'item-removed', productId: saved.id });
    expect(theirs.events).toEqual([]);
  });

  it('lets the extension’s own token follow the stream, and still refuses it elsewhere', async () => {
    const ada = await user();
    const { token } = await ada.client.mintExtensionToken();
    const extension = listen(token);
    await ready(extension);
    const saved = await ada.client.saveItem(item());
    await pollUntil(() => extension.events.map(({ event }) => event.productId), (ids) => ids.includes(saved.id), { what: 'the save on the extension’s stream' });
    const refused = await fetch(`${baseUrl}/api/profile`, { headers: { [BETA_TOKEN_HEADER]: betaToken, authorization: `Bearer ${token}` } });
    expect(await refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: EXTENSION_TOKEN_SCOPE_MESSAGE } });
  });

  it('resumes after a dropped connection with every event made meanwhile, in order, and resyncs an id it cannot serve', async () => {
    const ada = await user();
    const first = listen(ada.accessToken);
    await ready(first);
    const before = await ada.client.saveItem(item());
    await pollUntil(() => first.events.length, (n) => n === 1, { what: 'the first save' });
    first.connection.close(); // the drop

    const during = [await ada.client.saveItem(item()), await ada.client.saveItem(item())];
    await ada.client.removeFromWardrobe(before.id);
    const resumed = listen(ada.accessToken, first.connection.lastEventId);
    await pollUntil(() => resumed.events.length, (n) => n === 3, { what: 'the events made during the drop' });
    expect(resumed.events.map(({ event }) => [event.type, event.productId])).toEqual([
      ['item-saved', during[0]!.id],
      ['item-saved', during[1]!.id],
      ['item-removed', before.id],
    ]);
    expect(resumed.controls).toEqual([{ type: 'ready', lastEventId: resumed.events[2]!.id }]);

    // Not an id this log wrote: the client is told to refetch, then goes on from the newest id.
    const lost = listen(ada.accessToken, '1-0');
    await ready(lost);
    expect(lost.controls.map((control) => control.type)).toEqual(['resync', 'ready']);
    expect(lost.events).toEqual([]);
  });

  it('tells each saver of a product of its price change, and an alert to a saver whose alerts are on', async () => {
    const ada = await user();
    const bob = await user();
    const profile = await ada.client.getProfile();
    await ada.client.updateProfile({ ...profile, priceAlerts: { enabled: true, minDropPercent: 10, rises: false } });
    const coat = await ada.client.saveItem(item());
    await bob.client.saveItem({ ...item(), sourceUrl: coat.sourceUrl });
    const [adaStream, bobStream] = [listen(ada.accessToken), listen(bob.accessToken)];
    await Promise.all([ready(adaStream), ready(bobStream)]);

    await started.publishEvent('catalogue.price-changed.v1', coat.id, {
      product: { id: coat.id, name: coat.name, brand: coat.brand, sourceUrl: coat.sourceUrl },
      old: 120,
      new: 90,
      currency: 'USD',
      observedAt: new Date().toISOString(),
    });
    await pollUntil(() => adaStream.events.map(({ event }) => event.type).sort(), (types) => types.length === 2, { what: 'the price change and the alert' });
    expect(adaStream.events.map(({ event }) => event)).toEqual(
      expect.arrayContaining([
        { type: 'price-changed', productId: coat.id, price: 90, currency: 'USD', at: expect.any(String) },
        { type: 'alert', productId: coat.id, notificationId: expect.any(String), kind: 'price-drop', at: expect.any(String) },
      ]),
    );
    const { notifications } = await ada.client.getNotifications();
    expect(adaStream.events.find(({ event }) => event.type === 'alert')?.event).toMatchObject({ notificationId: notifications[0]!.id });
    await pollUntil(() => bobStream.events.map(({ event }) => event), (events) => events.length === 1, { what: 'the price change for the other saver' });
    expect(bobStream.events[0]!.event).toMatchObject({ type: 'price-changed', productId: coat.id, price: 90 });
  });

  it('ends the session’s streams on logout, every stream on sign-out everywhere and on deletion, with session-ended', async () => {
    const ada = await user();
    const laptop = listen(ada.accessToken);
    const signIn = await createApiClient({ baseUrl, getBetaToken: () => betaToken }).signIn({ email: ada.email, password: PASSWORD });
    const phone = listen(signIn.accessToken);
    await Promise.all([ready(laptop), ready(phone)]);

    await createApiClient({ baseUrl, getBetaToken: () => betaToken, getAccessToken: () => signIn.accessToken }).logout(signIn.refreshToken);
    await pollUntil(() => phone.states.at(-1), (state) => state === 'closed', { what: 'the phone’s stream to end' });
    expect(phone.controls.at(-1)).toEqual({ type: 'session-ended' });
    expect(laptop.states.at(-1)).toBe('open');

    await ada.client.signOutEverywhere();
    await pollUntil(() => laptop.states.at(-1), (state) => state === 'closed', { what: 'the laptop’s stream to end' });
    expect(laptop.controls.at(-1)).toEqual({ type: 'session-ended' });
    // The ended session cannot open another.
    expect((await raw({ authorization: `Bearer ${ada.accessToken}` })).status).toBe(401);

    const bob = await user();
    const bobs = listen(bob.accessToken);
    await ready(bobs);
    await bob.client.deleteAccount({ password: PASSWORD });
    await pollUntil(() => bobs.states.at(-1), (state) => state === 'closed', { what: 'the deleted account’s stream to end' });
    expect(bobs.controls.at(-1)).toEqual({ type: 'session-ended' });
  });

  it('refuses a caller without a session (401) or beta token (403), a user past their cap (429), and a full replica (503 with Retry-After)', async () => {
    expect((await raw({})).status).toBe(401);
    expect((await raw({ authorization: 'Bearer not-a-token' })).status).toBe(401);
    const noBeta = await fetch(`${baseUrl}/api/events`);
    expect(noBeta.status).toBe(403); // the beta gate, before any token is looked at

    const ada = await user();
    const streams = Array.from({ length: LIVE_STREAMS_PER_USER }, () => listen(ada.accessToken));
    await Promise.all(streams.map(ready));
    const tooMany = await raw({ authorization: `Bearer ${ada.accessToken}` });
    expect(tooMany.status).toBe(429);
    expect(await tooMany.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: LIVE_EVENTS_TOO_MANY_MESSAGE } });
    // A closed stream frees its place at once.
    streams[0]!.connection.close();
    const reopened = await pollUntil(() => raw({ authorization: `Bearer ${ada.accessToken}` }), (response) => response.status === 200, { what: 'a place freed' });
    await reopened.body?.cancel();
    await pollUntil(openStreams, (count) => count === LIVE_STREAMS_PER_USER - 1, { what: 'the gauge to count the user’s streams' });

    // The replica holds LIVE_STREAMS_PER_REPLICA (12) at most, whoever holds them.
    const bob = await user();
    const more = Array.from({ length: 12 - (LIVE_STREAMS_PER_USER - 1) }, () => listen(bob.accessToken));
    await Promise.all(more.map(ready));
    expect(await openStreams()).toBe(12);
    const busy = await raw({ authorization: `Bearer ${bob.accessToken}` });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', message: LIVE_EVENTS_BUSY_MESSAGE } });
  });
});
