/**
 * A seeded random integer source for tests that generate mixes (mulberry32): `random(n)` answers 0 … n−1,
 * the same sequence for the same seed. Not an LCG taken modulo n: an LCG's low bits repeat in short
 * cycles, so calls interleaved for different choices never produced some combinations.
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed | 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}
