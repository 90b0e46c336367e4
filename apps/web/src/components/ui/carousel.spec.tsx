import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Carousel, SLIDES_PER_BATCH } from './carousel';

/**
 * Embla measures the laid-out slides, which jsdom does not lay out: a stand-in with its API (pages,
 * canScrollPrev/Next, scrollPrev/Next and the select event) lets the test drive the carousel's controls.
 */
const mockEmbla = (() => {
  const listeners = new Map<string, Set<() => void>>();
  const state = { page: 0, pages: 3 };
  const emit = (event: string) => listeners.get(event)?.forEach((listener) => listener());
  const api = {
    state,
    on(event: string, listener: () => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return api;
    },
    off(event: string, listener: () => void) {
      listeners.get(event)?.delete(listener);
      return api;
    },
    canScrollPrev: () => state.page > 0,
    canScrollNext: () => state.page < state.pages - 1,
    scrollPrev: jest.fn(() => {
      state.page = Math.max(0, state.page - 1);
      emit('select');
    }),
    scrollNext: jest.fn(() => {
      state.page = Math.min(state.pages - 1, state.page + 1);
      emit('select');
    }),
  };
  return api;
})();

jest.mock('embla-carousel-react', () => ({ __esModule: true, default: () => [() => undefined, mockEmbla] }));

const ITEMS = Array.from({ length: 10 }, (_, index) => ({ id: `item-${index + 1}`, name: `Item name ${index + 1}` }));

const renderCarousel = () =>
  render(
    <main>
      <Carousel
        title="Popular Items"
        items={ITEMS}
        getKey={(item) => item.id}
        renderItem={(item) => <a href={`/product/${item.id}`}>{item.name}</a>}
        actions={<input aria-label="Filter the row" />}
      />
    </main>,
  );

describe('Carousel', () => {
  it('is a region named by its heading whose slides are "Item n of m", all drawn batch by batch', async () => {
    mockEmbla.state.page = 0;
    const { container } = renderCarousel();
    const region = screen.getByRole('region', { name: 'Popular Items' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(region).getAllByRole('group').length).toBe(SLIDES_PER_BATCH);
    await waitFor(() => expect(within(region).getAllByRole('group')).toHaveLength(10));
    expect(within(region).getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual(ITEMS.map((_, index) => `Item ${index + 1} of 10`));
    // Settled: the motion started once every slide was drawn.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next items' })).toHaveProperty('disabled', false));
    expect(await axe(container)).toHaveNoViolations();
  });

  it('pages with Previous and Next, each disabled at its end, and with the arrow keys from any item', async () => {
    mockEmbla.state.page = 0;
    const user = userEvent.setup();
    renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous items' });
    const next = screen.getByRole('button', { name: 'Next items' });
    expect(previous.getAttribute('aria-controls')).toBe(next.getAttribute('aria-controls'));
    expect(document.getElementById(next.getAttribute('aria-controls') ?? '')?.className).toBe('carousel__viewport');
    // Controls wake up once the motion has started.
    await waitFor(() => expect(next).toHaveProperty('disabled', false));
    expect(previous).toHaveProperty('disabled', true);

    await user.click(next);
    expect(mockEmbla.scrollNext).toHaveBeenCalledTimes(1);
    expect(previous).toHaveProperty('disabled', false);

    screen.getByRole('link', { name: 'Item name 1' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(mockEmbla.scrollNext).toHaveBeenCalledTimes(2);
    expect(next).toHaveProperty('disabled', true);
    // At the end, the arrow does nothing more.
    await user.keyboard('{ArrowRight}');
    expect(mockEmbla.scrollNext).toHaveBeenCalledTimes(2);
    await user.keyboard('{ArrowLeft}');
    expect(mockEmbla.scrollPrev).toHaveBeenCalledTimes(1);

    // Arrows typed in a field move its caret, not the carousel.
    await user.click(screen.getByRole('textbox', { name: 'Filter the row' }));
    await user.keyboard('{ArrowLeft}');
    expect(mockEmbla.scrollPrev).toHaveBeenCalledTimes(1);
  });
});
