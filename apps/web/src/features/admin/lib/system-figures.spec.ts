import { describe, expect, it } from '@jest/globals';
import { formatWait, lagText, outboxIsLate } from './system-figures';

describe('System panel figures', () => {
  it.each<[number | null, string]>([
    [null, '—'],
    [0, '0 s'],
    [45, '45 s'],
    [200, '3 min 20 s'],
    [3_600, '1 h'],
    [7_500, '2 h 5 min'],
    [97_200, '1 d 3 h'],
  ])('formats a wait of %p s as %p', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });

  it('calls an outbox late past one minute only', () => {
    expect([null, 0, 60, 61].map(outboxIsLate)).toEqual([false, false, false, true]);
  });

  it('shows lag as events behind, and a dash without a consumer group', () => {
    expect([null, 0, 1, 12_345].map(lagText)).toEqual(['—', '0 events', '1 event', '12,345 events']);
  });
});
