import { Logger } from '@nestjs/common';
import type { EventInbox } from './event-inbox';
import { EVENT_TOPIC_RETENTION_MS } from './event-transport';

/**
 * How long a consumer remembers an event id it processed: the topics' retention (seven days) and a day
 * more. Kafka can hand a consumer an event again for as long as the topic keeps it: a group whose
 * committed offsets expired (the broker forgets an idle group's offsets after seven days by default)
 * starts again from the oldest message kept, and `npm run events:replay` puts dead letters of up to that
 * age back. Within the window the inbox still knows the id and the effect is not applied twice.
 * Compacted topics keep each key's latest event longer: their consumers' effects are upserts of that
 * latest state, so applying one again changes nothing.
 */
export const INBOX_KEEP_SECONDS = EVENT_TOPIC_RETENTION_MS / 1000 + 24 * 60 * 60;

/** Housekeeping, not on any event's path: a minute after start (a service restarted often still prunes), then hourly. */
const FIRST_PRUNE_AFTER_MS = 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes a service's inbox rows older than the keep time, on a timer, as the outbox relay prunes published rows. */
export class InboxPruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly log: Logger;

  constructor(
    service: string,
    private readonly inbox: Pick<EventInbox, 'pruneProcessed'>,
    private readonly options: { keepSeconds?: number; firstAfterMs?: number; everyMs?: number } = {},
  ) {
    this.log = new Logger(`InboxPruner:${service}`);
  }

  start(): void {
    if (this.timer) return;
    this.schedule(this.options.firstAfterMs ?? FIRST_PRUNE_AFTER_MS);
  }

  /** Stops the timer and waits for a prune in flight. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One prune; a failure (the database away) is logged and waits for the next time. Answers how many ids were forgotten. */
  async pruneOnce(): Promise<number> {
    this.running = this.inbox.pruneProcessed(this.options.keepSeconds ?? INBOX_KEEP_SECONDS).then(
      (pruned) => {
        if (pruned > 0) this.log.log({ pruned }, 'forgot processed event ids past the keep time');
        return pruned;
      },
      (error: unknown) => {
        this.log.warn({ err: error }, 'pruning the inbox failed; trying again later');
        return 0;
      },
    );
    return this.running;
  }

  private schedule(afterMs: number): void {
    this.timer = setTimeout(() => {
      void this.pruneOnce().then(() => {
        if (this.timer) this.schedule(this.options.everyMs ?? PRUNE_EVERY_MS);
      });
    }, afterMs);
    // Never what keeps a process alive.
    this.timer.unref();
  }
}
