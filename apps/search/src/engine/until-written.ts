import { LRUCache } from 'lru-cache';

/**
 * Values read from an index, remembered until the index is next written.
 * A read takes `mark()` before it asks the database and hands it back to
 * `remember`, which keeps the value only if no write began or ended in
 * between (a read that overlapped a write may have seen the old contents):
 * the index calls `outdated` before and after each write.
 * At most `capacity` values; past it the least recently used is forgotten.
 */
export class UntilWritten<V extends NonNullable<unknown>> {
  private readonly values: LRUCache<string, V>;
  private version = 0;

  constructor(capacity: number) {
    this.values = new LRUCache({ max: capacity });
  }

  /** A write begins or ends (or what the values were read under no longer holds): everything remembered, or being read, is out of date. */
  outdated(): void {
    this.version += 1;
    this.values.clear();
  }

  mark(): number {
    return this.version;
  }

  get(key: string): V | undefined {
    return this.values.get(key);
  }

  remember(key: string, value: V, mark: number): void {
    if (mark !== this.version) return;
    this.values.set(key, value);
  }
}
