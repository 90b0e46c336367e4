import { INBOX_KEEP_SECONDS, InboxPruner } from './inbox-pruner';

describe('InboxPruner', () => {
  it('keeps ids a day longer than the topics keep events (seven days)', () => {
    expect(INBOX_KEEP_SECONDS).toBe(8 * 24 * 3600);
  });

  afterEach(() => jest.useRealTimers());

  it('prunes with the keep time a minute after start, then hourly, until stopped', async () => {
    jest.useFakeTimers();
    const calls: number[] = [];
    const pruner = new InboxPruner('unit', { pruneProcessed: async (seconds) => (calls.push(seconds), 1) });
    pruner.start();
    await jest.advanceTimersByTimeAsync(59_000);
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([INBOX_KEEP_SECONDS]);
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(2);
    await pruner.stop();
    await jest.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(calls).toHaveLength(2);
  });

  it('survives a failed prune and tries again next time', async () => {
    let attempts = 0;
    const pruner = new InboxPruner('unit', {
      pruneProcessed: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database away');
        return 2;
      },
    });
    await expect(pruner.pruneOnce()).resolves.toBe(0);
    await expect(pruner.pruneOnce()).resolves.toBe(2);
  });
});
