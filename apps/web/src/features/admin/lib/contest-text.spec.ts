import { describe, expect, it } from '@jest/globals';
import { contestPrice, CONTEST_REASON_TEXT, formatCheckedAt } from './contest-text';

describe('contest text', () => {
  it('formats a price in its own currency, and says when there is none', () => {
    expect(contestPrice(59.5, 'USD')).toBe('$59.50');
    expect(contestPrice(79.95, 'EUR')).toBe('€79.95');
    expect(contestPrice(12, null)).toBe('$12.00');
    expect(contestPrice(null, 'USD')).toBe('No price');
    expect(contestPrice(5, 'NOT-A-CODE')).toBe('5.00 NOT-A-CODE');
  });

  it('names every reason and dates a read', () => {
    expect(Object.keys(CONTEST_REASON_TEXT).sort()).toEqual(['name-brand', 'page', 'price']);
    expect(formatCheckedAt('2026-11-26T10:00:00.000Z')).toBe('Nov 26, 2026');
    expect(formatCheckedAt('nonsense')).toBe('at an unknown time');
  });
});
