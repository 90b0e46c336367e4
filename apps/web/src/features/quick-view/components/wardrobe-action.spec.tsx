import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import { deferred, fakeApi, productView, renderWithApp, wardrobeItem, type Reply } from '../../../../test/component/harness';
import { WardrobeAction } from './wardrobe-action';

const PRODUCT = productView();

describe("WardrobeAction (the quick view's save state)", () => {
  it('offers Sign Up to Save to a signed-out shopper, without asking for a wardrobe', async () => {
    const api = fakeApi();
    const { container } = renderWithApp(<WardrobeAction product={PRODUCT} />);
    expect(screen.getByRole('link', { name: 'Sign Up to Save' }).getAttribute('href')).toBe('/signup');
    expect(api.calls).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('saves with POST /api/save: Saving... and busy on the way, then a pressed Remove from Wardrobe', async () => {
    const saved = deferred<Reply>();
    const api = fakeApi({ 'GET /api/get-wardrobe': { body: [] }, 'POST /api/save': () => saved.promise });
    const { user, container } = renderWithApp(<WardrobeAction product={PRODUCT} />, { user: {} });

    // Disabled until the wardrobe is loaded (it decides Save or Remove).
    const save = await screen.findByRole('button', { name: 'Save to Wardrobe' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    expect(save.getAttribute('aria-pressed')).toBe('false');
    await user.click(save);

    const saving = screen.getByRole('button', { name: 'Saving...' });
    expect(saving.getAttribute('aria-busy')).toBe('true');
    expect(saving).toHaveProperty('disabled', true);
    expect(api.callsTo('POST /api/save').map((call) => call.body)).toEqual([
      { data: expect.objectContaining({ name: PRODUCT.name, brand: PRODUCT.brand, price: '$89.00', sourceUrl: PRODUCT.sourceUrl }) },
    ]);

    saved.resolve({ body: wardrobeItem() });
    const remove = await screen.findByRole('button', { name: 'Remove from Wardrobe' });
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    expect(remove.hasAttribute('aria-busy')).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('removes with DELETE, and says so in an alert when the removal fails', async () => {
    const api = fakeApi({ 'GET /api/get-wardrobe': { body: [wardrobeItem()] }, [`DELETE /api/remove-from-wardrobe/${PRODUCT.id}`]: { status: 500, body: {} } });
    const { user } = renderWithApp(<WardrobeAction product={PRODUCT} />, { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Remove from Wardrobe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to remove item from wardrobe. Please try again.');
    expect(screen.getByRole('button', { name: 'Remove from Wardrobe' }).getAttribute('aria-pressed')).toBe('true');

    api.on(`DELETE /api/remove-from-wardrobe/${PRODUCT.id}`, { status: 204 });
    await user.click(screen.getByRole('button', { name: 'Remove from Wardrobe' }));
    expect((await screen.findByRole('button', { name: 'Save to Wardrobe' })).getAttribute('aria-pressed')).toBe('false');
    expect(api.callsTo(`DELETE /api/remove-from-wardrobe/${PRODUCT.id}`)).toHaveLength(2);
  });

  it("shows the server's message when a save is refused", async () => {
    fakeApi({ 'GET /api/get-wardrobe': { body: [] }, 'POST /api/save': { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Price must be a number' } } } });
    const { user } = renderWithApp(<WardrobeAction product={PRODUCT} />, { user: {} });
    const save = await screen.findByRole('button', { name: 'Save to Wardrobe' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Price must be a number');
  });
});
