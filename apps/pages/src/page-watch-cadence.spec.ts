import { isGoneStatus, nextRefresh, POPULAR_REFRESH_MS, POPULAR_SAVERS, QUIET_AFTER_READS, QUIET_FACTOR, REFRESH_MS, refreshIntervalMs } from './page-watch-cadence';

describe('the refresh cadence', () => {
  it('reads a page saved by anyone daily, and one POPULAR_SAVERS save every six hours', () => {
    expect(refreshIntervalMs({ savers: 1, unchangedReads: 0 })).toBe(REFRESH_MS);
    expect(refreshIntervalMs({ savers: POPULAR_SAVERS - 1, unchangedReads: 0 })).toBe(REFRESH_MS);
    expect(refreshIntervalMs({ savers: POPULAR_SAVERS, unchangedReads: 0 })).toBe(POPULAR_REFRESH_MS);
    expect(POPULAR_REFRESH_MS).toBeLessThan(REFRESH_MS);
  });

  it('backs off QUIET_FACTOR times after QUIET_AFTER_READS unchanged reads in a row', () => {
    expect(refreshIntervalMs({ savers: 1, unchangedReads: QUIET_AFTER_READS - 1 })).toBe(REFRESH_MS);
    expect(refreshIntervalMs({ savers: 1, unchangedReads: QUIET_AFTER_READS })).toBe(QUIET_FACTOR * REFRESH_MS);
    expect(refreshIntervalMs({ savers: POPULAR_SAVERS, unchangedReads: QUIET_AFTER_READS + 5 })).toBe(QUIET_FACTOR * POPULAR_REFRESH_MS);
  });

  it('scales every interval with the configured cadence', () => {
    expect(refreshIntervalMs({ savers: 1, unchangedReads: 0 }, 60_000)).toBe(60_000);
    expect(refreshIntervalMs({ savers: POPULAR_SAVERS, unchangedReads: 0 }, 60_000)).toBe(15_000);
    expect(refreshIntervalMs({ savers: 1, unchangedReads: QUIET_AFTER_READS }, 60_000)).toBe(QUIET_FACTOR * 60_000);
  });

  it('does not schedule a page nobody saves', () => {
    expect(refreshIntervalMs({ savers: 0, unchangedReads: 0 })).toBeNull();
    expect(nextRefresh(new Date('2026-03-01T00:00:00Z'), { savers: 0, unchangedReads: 0 })).toBeNull();
    expect(nextRefresh(new Date('2026-03-01T00:00:00Z'), { savers: 2, unchangedReads: 0 })).toEqual(new Date('2026-03-02T00:00:00Z'));
  });

  it('counts only 404 and 410 as gone', () => {
    expect([404, 410, 403, 500, undefined].map(isGoneStatus)).toEqual([true, true, false, false, false]);
  });
});
