/** A small seeded random source (mulberry32): the same seed gives the same data on any machine. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)] as T;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Poisson by inversion; fine for the small means used here. */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count += 1;
      product *= this.next();
    }
    return count;
  }

  /** An index drawn with probability proportional to its weight; -1 when all weights are 0. */
  weighted(weights: ArrayLike<number>): number {
    let total = 0;
    for (let i = 0; i < weights.length; i += 1) total += weights[i] as number;
    if (!(total > 0)) return -1;
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      target -= weights[i] as number;
      if (target < 0 && (weights[i] as number) > 0) return i;
    }
    for (let i = weights.length - 1; i >= 0; i -= 1) if ((weights[i] as number) > 0) return i;
    return -1;
  }

  shuffle<T>(values: T[]): T[] {
    for (let i = values.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [values[i], values[j]] = [values[j] as T, values[i] as T];
    }
    return values;
  }
}
