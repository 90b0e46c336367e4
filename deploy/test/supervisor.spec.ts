import { restartDelayMs } from '../local/distributed-product';

describe('the distributed launcher’s supervisor', () => {
  it('waits 1 s before the first restart, doubling while a process keeps failing, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(restartDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(restartDelayMs(0)).toBe(1000);
    expect(restartDelayMs(100)).toBe(30_000);
  });
});
