import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { useState } from 'react';
import { filterOptions, type SearchFacets } from '../lib/filter-options';
import { hasFilters, NO_FILTERS, toggleFilter, type SearchFilters } from '../lib/search-url';
import { FiltersSheet } from './filters-sheet';
import { SearchFiltersPanel } from './search-filters';

const FACETS: SearchFacets = {
  price: [
    { value: '50-100', label: '$50-$100', count: 7 },
    { value: 'under-50', label: 'Under $50', count: 3 },
  ],
  gender: [{ value: 'Women', count: 9 }],
  brand: [
    { value: 'Zara', count: 6 },
    { value: 'COS', count: 4 },
  ],
  colour: [{ value: 'blue', label: 'Blue', count: 2 }],
};

/** The panel as the results page holds it: each tick changes the page's filters at once. */
function Panel({ onChange }: { onChange: (filters: SearchFilters) => void }) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const change = (next: SearchFilters) => {
    setFilters(next);
    onChange(next);
  };
  return (
    <SearchFiltersPanel
      id="filters"
      options={filterOptions(FACETS, filters)}
      onToggle={(group, value) => change(toggleFilter(filters, group, value))}
      canClear={hasFilters(filters)}
      onClear={() => change(NO_FILTERS)}
    />
  );
}

describe('SearchFiltersPanel', () => {
  it('shows each group open with its counted checkboxes, in the usual order, and applies each tick at once', async () => {
    const onChange = jest.fn<(filters: SearchFilters) => void>();
    const user = userEvent.setup();
    const { container } = render(<Panel onChange={onChange} />);
    const panel = screen.getByRole('region', { name: 'Filters' });

    for (const group of ['Sale', 'Price', 'Gender', 'Brand', 'Colour']) {
      expect(within(panel).getByRole('button', { name: group }).getAttribute('aria-expanded')).toBe('true');
    }
    // Price bands in their own order, whatever order the answer counted them in.
    const price = within(panel).getByRole('region', { name: 'Price' });
    expect(within(price).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Under $50(3)', '$50-$100(7)']);
    expect(within(panel).getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);

    await user.click(within(panel).getByRole('checkbox', { name: 'Zara (6)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, brand: ['Zara'] });
    await user.click(within(panel).getByRole('checkbox', { name: 'On sale' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, brand: ['Zara'], sale: ['1'] });
    expect(within(panel).getByRole('checkbox', { name: 'Zara (6)' })).toHaveProperty('checked', true);

    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith(NO_FILTERS);
    expect(within(panel).getByRole('checkbox', { name: 'Zara (6)' })).toHaveProperty('checked', false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('collapses a group from its heading button with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Panel onChange={() => undefined} />);
    const brand = screen.getByRole('button', { name: 'Brand' });
    brand.focus();
    await user.keyboard('{Enter}');
    expect(brand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Zara (6)' })).toBeNull();
  });
});

describe('FiltersSheet', () => {
  function Sheet({ onApply, filters = NO_FILTERS }: { onApply: (filters: SearchFilters) => void; filters?: SearchFilters }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Filters
        </button>
        <FiltersSheet open={open} onOpenChange={setOpen} filters={filters} facets={FACETS} onApply={(next) => (onApply(next), setOpen(false))} />
      </>
    );
  }

  it('is a dialog titled Filters that keeps the ticks until Apply Filters, starting from the page filters', async () => {
    const onApply = jest.fn<(filters: SearchFilters) => void>();
    const user = userEvent.setup();
    render(<Sheet onApply={onApply} filters={{ ...NO_FILTERS, gender: ['Women'] }} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));

    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('checkbox', { name: 'Women (9)' })).toHaveProperty('checked', true);
    await user.click(within(sheet).getByRole('checkbox', { name: 'Blue (2)' }));
    await user.click(within(sheet).getByRole('checkbox', { name: 'Women (9)' }));
    expect(onApply).not.toHaveBeenCalled();
    // The dialog's content is in a portal: axe checks the whole document.
    expect(await axe(document.body)).toHaveNoViolations();

    await user.click(within(sheet).getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ ...NO_FILTERS, colour: ['blue'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('drops the ticks when closed with Escape, and Clear filters empties the sheet only', async () => {
    const onApply = jest.fn<(filters: SearchFilters) => void>();
    const user = userEvent.setup();
    render(<Sheet onApply={onApply} filters={{ ...NO_FILTERS, brand: ['COS'] }} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Zara (6)' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onApply).not.toHaveBeenCalled();
    // Focus goes back to what opened it (Radix returns it once the sheet has gone).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters' })));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('checkbox', { name: 'Zara (6)' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('checkbox', { name: 'COS (4)' })).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onApply).not.toHaveBeenCalled();
  });
});
