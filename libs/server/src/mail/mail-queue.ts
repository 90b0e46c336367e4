import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { MAIL_FAILURES, MAIL_QUEUE_DEPTH } from '../metrics/metric-catalogue';
import type { ProcessMetrics } from '../metrics/process-metrics';
import { METRICS } from '../runtime/tokens';
import { type Mail, MAILER, type Mailer } from './mailer';

export interface MailQueueOptions {
  /** Attempts per mail, the first included. */
  attempts: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  firstRetryMs: number;
  /** Mails sent at the same time. */
  concurrency: number;
  /** Mails waiting at most; beyond it new ones are dropped (and logged) rather than filling memory. */
  capacity: number;
}

export const MAIL_QUEUE_OPTIONS = Symbol('MAIL_QUEUE_OPTIONS');

export const DEFAULT_MAIL_QUEUE_OPTIONS: MailQueueOptions = { attempts: 5, firstRetryMs: 1_000, concurrency: 4, capacity: 1_000 };

/** The queues of each process's metrics: one gauge series sums them. */
const queuesOf = new WeakMap<ProcessMetrics, Set<MailQueue>>();

interface Job {
  mail: Mail;
  attempt: number;
}

/**
 * Sends mail off the request path: `enqueue` returns at once and a worker
 * drains the queue in a later turn of the event loop, retrying with
 * exponential backoff. Nothing of the sending (not even building the
 * message) runs while a request is being answered, so an answer neither
 * waits for SMTP nor takes longer because a mail was due.
 *
 * The queue is in memory on purpose: a reset mail (identity) or a digest's unsubscribe link (profile) carries a live token,
 * which must never be stored in clear; a mail lost in a crash is asked for
 * again by its reader.
 */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private readonly log = new Logger(MailQueue.name);
  private readonly waiting: Job[] = [];
  private readonly retries = new Set<NodeJS.Timeout>();
  private sending = 0;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];
  private readonly failures;

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(METRICS) metrics: ProcessMetrics,
    @Optional() @Inject(MAIL_QUEUE_OPTIONS) private readonly options: MailQueueOptions = DEFAULT_MAIL_QUEUE_OPTIONS,
  ) {
    this.failures = metrics.counter(MAIL_FAILURES);
    for (const kind of ['retrying', 'gave_up', 'queue_full'] as const) this.failures.inc({ kind }, 0);
    // Waiting and due for a retry, over every queue of the process (identity's and profile's share one process embedded).
    let queues = queuesOf.get(metrics);
    if (!queues) {
      const observed = new Set<MailQueue>();
      queuesOf.set(metrics, observed);
      metrics.observe(MAIL_QUEUE_DEPTH, () => [{ labels: {}, value: [...observed].reduce((sum, queue) => sum + queue.depth, 0) }]);
      queues = observed;
    }
    queues.add(this);
  }

  /** Mails waiting to be sent or for a retry. */
  get depth(): number {
    return this.waiting.length + this.retries.size;
  }

  enqueue(mail: Mail): void {
    if (this.stopped) return;
    if (this.waiting.length >= this.options.capacity) {
      this.failures.inc({ kind: 'queue_full' });
      this.log.error({ capacity: this.options.capacity }, 'mail queue full; mail dropped');
      return;
    }
    this.waiting.push({ mail, attempt: 1 });
    setImmediate(() => this.pump());
  }

  /** Resolves once nothing is waiting, being sent or due for a retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops retrying; mails being sent finish. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    if (this.retries.size > 0 || this.waiting.length > 0) this.log.warn({ unsent: this.retries.size + this.waiting.length }, 'mail queue stopped with mails unsent');
    this.retries.clear();
    this.waiting.length = 0;
    await this.idle();
  }

  private pump(): void {
    while (!this.stopped && this.sending < this.options.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift();
      if (job) void this.deliver(job);
    }
    this.notifyIfIdle();
  }

  private async deliver(job: Job): Promise<void> {
    this.sending += 1;
    try {
      await this.mailer.send(job.mail);
      if (job.attempt > 1) this.log.log({ attempt: job.attempt }, 'mail sent after a retry');
    } catch (error) {
      this.retryLater(job, failureOf(error));
    } finally {
      this.sending -= 1;
      this.pump();
    }
  }

  private retryLater(job: Job, reason: Failure): void {
    if (this.stopped || job.attempt >= this.options.attempts) {
      this.failures.inc({ kind: 'gave_up' });
      this.log.error({ attempts: job.attempt, ...reason }, 'mail not sent; giving up');
      return;
    }
    const delayMs = this.options.firstRetryMs * 2 ** (job.attempt - 1);
    this.failures.inc({ kind: 'retrying' });
    this.log.warn({ attempt: job.attempt, retryInMs: delayMs, ...reason }, 'mail not sent; will retry');
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.waiting.push({ mail: job.mail, attempt: job.attempt + 1 });
      this.pump();
    }, delayMs);
    // A pending retry must not keep the process alive on its own.
    timer.unref();
    this.retries.add(timer);
  }

  private isIdle(): boolean {
    return this.waiting.length === 0 && this.sending === 0 && this.retries.size === 0;
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

interface Failure {
  reason: string;
  code?: unknown;
  responseCode?: unknown;
}

/** Why a send failed, for the log: SMTP answers may quote the recipient, and addresses never reach a log line. */
function failureOf(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return { reason: message.replace(/\S+@\S+/g, '[address]'), code, responseCode };
}
