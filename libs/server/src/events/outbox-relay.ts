import { Logger } from '@nestjs/common';
import type { EventTransport, OutgoingEvent } from './event-transport';
import type { OutboxStore } from './outbox';

export interface OutboxRelayOptions {
  pollMs: number;
  batchSize?: number;
  maxBackoffMs?: number;
  /** How long a published row is kept for inspection before it is deleted (an hour by default). */
  keepPublishedSeconds?: number;
  /** Told of each published batch and each failed attempt: the process's metrics (see relayMetrics). */
  observer?: RelayObserver;
}

export interface RelayObserver {
  published(events: readonly OutgoingEvent[]): void;
  failed(): void;
}

/** At most one pruning of published rows a minute: it is housekeeping, not on any request's path. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Moves committed outbox rows to the bus. Wakes on `kick()` (after a local
 * commit) or every `pollMs`; backs off exponentially while the bus is down,
 * so rows wait safely in the table until it returns.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private kicked = false;
  private failures = 0;
  private prunedAt = 0;
  private readonly log: Logger;

  constructor(
    private readonly service: string,
    private readonly store: OutboxStore,
    private readonly transport: EventTransport,
    private readonly options: OutboxRelayOptions,
  ) {
    this.log = new Logger(`OutboxRelay:${service}`);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Publish soon: a transaction just committed new rows. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Stops after the batch in flight; unpublished rows stay for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** One pass: claim, publish, mark. Returns how many rows were published. */
  async publishOnce(): Promise<number> {
    const batch = await this.store.claimBatch(this.options.batchSize ?? 100);
    if (batch.length === 0) return 0;
    const ids = batch.map((row) => row.id);
    try {
      await this.transport.publish(batch);
    } catch (error) {
      this.options.observer?.failed();
      await this.store.release(ids, error instanceof Error ? error.message : String(error));
      throw error;
    }
    this.options.observer?.published(batch);
    await this.store.markPublished(ids);
    return batch.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      try {
        published = await this.publishOnce();
        if (this.failures > 0) this.log.log({ after: this.failures }, 'bus reachable again; publishing resumed');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        // The error itself, not its message: a consumer's failed query (embedded mode) quotes the row's
        // values in its message, and only the logger's error serialiser leaves them out.
        if (this.failures === 1 || this.failures % 20 === 0) this.log.warn({ failures: this.failures, err: error }, 'publish failed; events stay in the outbox');
      }
      if (!this.running) break;
      if (published > 0) continue;
      if (this.failures === 0) await this.pruneWhenDue();
      if (this.failures === 0) {
        await this.pause(this.options.pollMs, true);
      } else {
        await this.pause(Math.min(this.options.maxBackoffMs ?? 5_000, 100 * 2 ** this.failures), false);
      }
    }
  }

  /** Deletes rows published longer ago than the keep time, at most once a minute; a failure waits for the next time. */
  async pruneWhenDue(now = Date.now()): Promise<number> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return 0;
    this.prunedAt = now;
    try {
      return await this.store.prunePublished(this.options.keepPublishedSeconds ?? 3_600);
    } catch (error) {
      this.log.warn({ err: error }, 'pruning published events failed; trying again later');
      return 0;
    }
  }

  /** Waits `ms`; a kick ends the wait early unless we are backing off. stop() always does. */
  private pause(ms: number, kickable: boolean): Promise<void> {
    if (kickable && this.kicked) {
      this.kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake = undefined;
        if (kickable) this.kicked = false;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wake = () => {
        if (kickable || !this.running) finish();
      };
    });
  }
}
