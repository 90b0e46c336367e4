import { describe, expect, it } from '@jest/globals';
import { pageItems, type PageItem } from './pagination';

/** 1 2 … 9 as text, to read the cases at a glance. */
const row = (items: PageItem[]) => items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');

describe('pageItems', () => {
  it('shows no buttons for a single page or none', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([]);
  });

  it('numbers every page up to seven', () => {
    expect(row(pageItems(1, 2))).toBe('1 2');
    expect(row(pageItems(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it.each([
    [1, '1 2 3 4 5 … 20'],
    [3, '1 2 3 4 5 … 20'],
    [4, '1 2 3 4 5 … 20'],
    [5, '1 … 4 5 6 … 20'],
    [10, '1 … 9 10 11 … 20'],
    [16, '1 … 15 16 17 … 20'],
    [17, '1 … 16 17 18 19 20'],
    [20, '1 … 16 17 18 19 20'],
  ])('keeps the ends, the current page and its neighbours, in seven controls (page %p of 20)', (current, expected) => {
    expect(row(pageItems(current, 20))).toBe(expected);
    expect(pageItems(current, 20)).toHaveLength(7);
  });

  it('never hides a single page behind a gap', () => {
    expect(row(pageItems(4, 8))).toBe('1 2 3 4 5 … 8');
    expect(row(pageItems(5, 8))).toBe('1 … 4 5 6 7 8');
  });

  it('treats a page past the end (a stale link) as the last, and gives the gaps distinct keys', () => {
    expect(row(pageItems(99, 20))).toBe('1 … 16 17 18 19 20');
    const gaps = pageItems(10, 20).filter((item) => item.type === 'gap');
    expect(gaps).toEqual([
      { type: 'gap', key: 'gap-start' },
      { type: 'gap', key: 'gap-end' },
    ]);
  });
});
