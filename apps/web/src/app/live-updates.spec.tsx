import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import { WardrobeAction } from '@/features/quick-view/components/wardrobe-action';
import { fakeApi, fakeStream, productView, renderWithApp, testQueryClient, wardrobeItem } from '../../test/component/harness';
import { authStore } from './auth';
import { startLiveUpdates } from './live-updates';

const PRODUCT = productView();
const at = '2026-11-27T12:00:00.000Z';
let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('live updates (issue 26) as the quick view shows them', () => {
  it('follows saves and removals made elsewhere, and signs out when the stream says the session ended', async () => {
    const stream = fakeStream();
    let wardrobe = [] as ReturnType<typeof wardrobeItem>[];
    const api = fakeApi({
      'GET /api/get-wardrobe': () => ({ body: wardrobe }),
      'GET /api/events': { headers: { 'content-type': 'text/event-stream' }, stream },
      'GET /api/notifications': { body: { notifications: [], unread: 0 } },
      'POST /api/logout': { status: 204 },
    });
    const queryClient = testQueryClient();
    const { container } = renderWithApp(<WardrobeAction product={PRODUCT} />, { user: {}, store: authStore, queryClient });
    stop = startLiveUpdates(queryClient);

    const button = await screen.findByRole('button', { name: 'Save to Wardrobe' });
    await waitFor(() => expect(api.callsTo('GET /api/events')).toHaveLength(1));
    expect(api.callsTo('GET /api/events')[0]?.headers.Authorization).toBe('Bearer access-1');
    stream.send({ type: 'ready', lastEventId: null });

    // Saved from the extension: the event names only the product, so the wardrobe is fetched again.
    wardrobe = [wardrobeItem()];
    stream.send({ type: 'item-saved', productId: PRODUCT.id, at }, '1-1');
    await waitFor(() => expect(button.textContent).toBe('Remove from Wardrobe'));
    expect(button.getAttribute('aria-pressed')).toBe('true');

    // Removed in another tab: applied here at once, without another fetch.
    const fetches = api.callsTo('GET /api/get-wardrobe').length;
    stream.send({ type: 'item-removed', productId: PRODUCT.id, at }, '1-2');
    await waitFor(() => expect(button.textContent).toBe('Save to Wardrobe'));
    expect(api.callsTo('GET /api/get-wardrobe')).toHaveLength(fetches);
    expect(await axe(container)).toHaveNoViolations();

    stream.send({ type: 'session-ended' });
    expect((await screen.findByRole('link', { name: 'Sign Up to Save' })).getAttribute('href')).toBe('/signup');
    expect(authStore.getState().status).toBe('signedOut');
  });
});
