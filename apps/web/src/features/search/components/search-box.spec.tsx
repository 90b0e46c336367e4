import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import { fakeApi, renderWithApp } from '../../../../test/component/harness';
import { SearchBox } from './search-box';

const SUGGESTIONS = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Linen Shirt' },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Linen Trousers' },
  { id: '00000000-0000-4000-8000-000000000003', name: 'Linen Dress' },
];

const withSuggestions = () => fakeApi({ 'GET /api/search/suggestions': { body: { suggestions: SUGGESTIONS } }, 'POST /api/save-search': { status: 204 } });

describe('SearchBox (the header combobox)', () => {
  it('asks for suggestions after a pause in typing and lists them as options of an expanded combobox', async () => {
    const api = withSuggestions();
    const { user, container } = renderWithApp(<SearchBox />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.type(box, 'linen');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Linen Shirt', 'Linen Trousers', 'Linen Dress']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { name: 'Suggestions' }).id);
    // Debounced: one request, for the whole word.
    expect(api.callsTo('GET /api/search/suggestions').map((call) => call.query.get('q'))).toEqual(['linen']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('moves through the options with the arrows (wrapping), opens the active one with Enter, and Escape closes the list', async () => {
    withSuggestions();
    const { user, location } = renderWithApp(<SearchBox />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'linen');
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Linen Dress' }).id);
    expect(screen.getByRole('option', { name: 'Linen Dress' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Linen Shirt' }).id);

    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(document.activeElement).toBe(box);

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location()).toBe(`/product/${SUGGESTIONS[1]!.id}`);
  });

  it('submits the typed terms to the results page, and remembers them only for a signed-in shopper', async () => {
    const api = withSuggestions();
    const signedOut = renderWithApp(<SearchBox />);
    await signedOut.user.type(screen.getByRole('combobox', { name: 'Search products' }), '  summer dress {Enter}');
    expect(signedOut.location()).toBe('/search?q=summer+dress');
    expect(api.callsTo('POST /api/save-search')).toEqual([]);
    signedOut.unmount();

    const signedIn = renderWithApp(<SearchBox />, { user: {} });
    await signedIn.user.type(screen.getByRole('combobox', { name: 'Search products' }), 'boots');
    await signedIn.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(signedIn.location()).toBe('/search?q=boots');
    await waitFor(() => expect(api.callsTo('POST /api/save-search').map((call) => call.body)).toEqual([{ term: 'boots' }]));
  });

  it('starts from the terms of the results page shown, without asking for suggestions', async () => {
    const api = withSuggestions();
    renderWithApp(<SearchBox />, { route: '/search?q=wool%20coat' });
    expect((screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement).value).toBe('wool coat');
    expect(api.callsTo('GET /api/search/suggestions')).toEqual([]);
  });
});
