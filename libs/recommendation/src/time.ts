/** Times of saves as epoch milliseconds; NaN when the value is no time at all. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function toMillis(at: unknown): number {
  if (typeof at === 'number') return Number.isFinite(at) ? at : Number.NaN;
  if (at instanceof Date) return at.getTime();
  if (typeof at === 'string' && at.trim() !== '') {
    const trimmed = at.trim();
    // Epoch milliseconds sent as text ("1700000000000") are still a time.
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
    return Date.parse(trimmed);
  }
  return Number.NaN;
}

/** 2^(-age / halfLife): 1 at age 0, ½ one half-life back. A non-positive half-life means no decay. */
export function halfLifeDecay(age: number, halfLife: number): number {
  if (!(halfLife > 0) || !(age > 0)) return 1;
  return Math.pow(2, -age / halfLife);
}
