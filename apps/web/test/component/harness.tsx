/**
 * What the component tests share: a fake `fetch` (the one seam between the app's API client and the
 * server, so each request goes through the real client and its response schemas), the providers the
 * screens read (React Query, the auth store, a memory router) and small factories of contract data.
 */
import { afterEach } from '@jest/globals';
import type { AuthSession, AuthUser, ProductView, WardrobeItem } from '@closetly/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthStoreContext } from '@/features/auth/lib/auth-context';
import { createAuthStore, type AuthStore } from '@/features/auth/lib/auth-store';
import { api, connectApiAuth } from '@/lib/api-client';

// ---------------------------------------------------------------- the fetch boundary

export interface ApiCall {
  method: string;
  /** The path without the query, e.g. /api/save. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A streamed body (Server-Sent Events). */
  stream?: FakeStream;
}

type RouteReply = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

export interface FakeApi {
  calls: ApiCall[];
  /** The calls made to `METHOD /path`. */
  callsTo(route: string): ApiCall[];
  /** Adds or replaces a route. */
  on(route: string, reply: RouteReply): void;
}

/**
 * Replaces `fetch` with a table of routes, `METHOD /path` → a reply or a function of the call. A route
 * with no entry answers 404, so a request the test did not expect fails in the component as it would.
 */
export function fakeApi(routes: Record<string, RouteReply> = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), window.location.origin);
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const route = table.get(`${call.method} ${call.path}`);
    const reply = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? route(call) : route;
    return fakeResponse(await abortable(Promise.resolve(reply), init.signal ?? undefined));
  };
  Object.assign(globalThis, { fetch: fakeFetch });
  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    on: (route, reply) => void table.set(route, reply),
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = () => reject(Object.assign(new Error('The request was aborted'), { name: 'AbortError' }));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject);
  });
}

function fakeResponse({ status = 200, body, headers = {}, stream }: Reply): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: async () => text,
    blob: async () => new Blob([text], { type: lower['content-type'] ?? 'application/json' }),
    body: stream?.body ?? null,
  } as unknown as Response;
}

/** A response body the test writes to as it goes (an event stream), read through the reader `fetch` bodies give. */
export interface FakeStream {
  body: { getReader(): unknown; cancel(): Promise<void> };
  /** Sends one Server-Sent Event carrying this JSON. */
  send(data: unknown, id?: string): void;
}

export function fakeStream(): FakeStream {
  const queued: Uint8Array[] = [];
  let waiting: ((chunk: IteratorResult<Uint8Array>) => void) | null = null;
  const encoder = new TextEncoder();
  const push = (text: string) => {
    const chunk = encoder.encode(text);
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ done: false, value: chunk });
    } else queued.push(chunk);
  };
  const reader = {
    read: () => {
      const next = queued.shift();
      return next ? Promise.resolve({ done: false, value: next }) : new Promise<IteratorResult<Uint8Array>>((resolve) => (waiting = resolve));
    },
    cancel: async () => waiting?.({ done: true, value: undefined }),
    releaseLock: () => undefined,
  };
  return {
    body: { getReader: () => reader, cancel: reader.cancel },
    send: (data, id) => push(`${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
  };
}

/** A promise settled by the test: a request kept on its way to see the pending state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// ---------------------------------------------------------------- providers

export interface RenderOptions {
  /** The signed-in user, or none (signed out). */
  user?: Partial<AuthUser> | null;
  /** Where the memory router starts. */
  route?: string;
  /** The route pattern the element is rendered at (for useParams); every other path renders nothing. */
  path?: string;
  /** The auth store to use (the app's own, for code that imports it); a new one by default. */
  store?: AuthStore;
  queryClient?: QueryClient;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  store: AuthStore;
  /** The router's current path and query. */
  location: () => string;
}

/** The component inside the app's providers, with a session started through the real auth store when `user` is given. */
export function renderWithApp(ui: ReactElement, { user = null, route = '/', path = '*', store = createAuthStore({ api }), queryClient = testQueryClient() }: RenderOptions = {}): Rendered {
  connectApiAuth({ getAccessToken: store.getAccessToken, onUnauthorized: store.handleUnauthorized });
  if (user) store.completeSignIn(session(user));
  const where = { current: route };
  const result = render(
    <AppProviders queryClient={queryClient} store={store}>
      <MemoryRouter initialEntries={[route]}>
        <TrackLocation into={where} />
        <Routes>
          <Route path={path} element={ui} />
          {path === '*' ? null : <Route path="*" element={null} />}
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, user: userEvent.setup({ delay: null }), queryClient, store, location: () => where.current };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

function AppProviders({ queryClient, store, children }: { queryClient: QueryClient; store: AuthStore; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthStoreContext value={store}>{children}</AuthStoreContext>
    </QueryClientProvider>
  );
}

function TrackLocation({ into }: { into: { current: string } }) {
  const location = useLocation();
  into.current = location.pathname + location.search;
  return null;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// ---------------------------------------------------------------- contract data

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { uid: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', gender: 'female', roles: [], ...overrides };
}

export function session(user: Partial<AuthUser> = {}): AuthSession {
  return { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600, user: authUser(user) };
}

export function productView(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: '5f0c8a2e-4b1d-4c3a-9e7f-1a2b3c4d5e6f',
    name: 'Cable Knit Jumper',
    brand: 'COS',
    price: 89,
    currency: 'USD',
    priceText: '$89.00',
    imageUrl: 'https://images.example/cable-knit.jpg',
    description: 'A chunky jumper in soft wool.',
    sourceUrl: 'https://boutique.example/p/cable-knit',
    retailer: 'boutique.example',
    gender: 'Unisex',
    category: 'tops',
    colour: null,
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function wardrobeItem(overrides: Partial<WardrobeItem> = {}): WardrobeItem {
  return { ...productView(overrides), addedDate: '2026-11-02T10:00:00.000Z', ...overrides };
}
