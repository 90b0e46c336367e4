import { replicaName, restartDelayMs } from '../local/distributed-product';
import { replicasFromArgs } from '../local/start-distributed';

describe('the distributed launcher’s supervisor', () => {
  it('waits 1 s before the first restart, doubling while a process keeps failing, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(restartDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(restartDelayMs(0)).toBe(1000);
    expect(restartDelayMs(100)).toBe(30_000);
  });
});

describe('npm run start:distributed -- --replicas N', () => {
  it('runs one of each process unless told, and two (or up to four) when asked', () => {
    expect(replicasFromArgs([])).toBe(1);
    expect(replicasFromArgs(['--replicas', '2'])).toBe(2);
    expect(replicasFromArgs(['--replicas=4'])).toBe(4);
  });

  it.each([['--replicas'], ['--replicas', '0'], ['--replicas', 'two'], ['--replicas', '1.5'], ['--replicas=9']].map((args) => [args.join(' '), args] as const))('refuses "%s" with a message naming the range', (_shown, args) => {
    expect(() => replicasFromArgs(args)).toThrow(/--replicas takes a whole number from 1 to 4/);
  });

  it('names a second replica <name>-2, keeping the first its plain name', () => {
    expect([replicaName('wardrobe', 0), replicaName('wardrobe', 1), replicaName('gateway', 1)]).toEqual(['wardrobe', 'wardrobe-2', 'gateway-2']);
  });
});
