import { MAIL_FAILURES, MAIL_QUEUE_DEPTH } from '../metrics/metric-catalogue';
import { ProcessMetrics } from '../metrics/process-metrics';
import { type MailQueueOptions, MailQueue } from './mail-queue';
import type { Mail, Mailer } from './mailer';

const mail = (to = 'grace@example.com'): Mail => ({ to, subject: 'Reset your Closetly password', text: 'link', html: '<p>link</p>' });

/** A mailer whose every send is answered by the next outcome in the list (then succeeds), keeping what it was asked. */
function scriptedMailer(...outcomes: Array<'fail' | 'ok'>): Mailer & { attempts: Mail[] } {
  const attempts: Mail[] = [];
  return {
    attempts,
    send: async (sent) => {
      attempts.push(sent);
      if (outcomes.shift() === 'fail') throw new Error('451 try again later');
    },
  };
}

const options = (overrides: Partial<MailQueueOptions> = {}): MailQueueOptions => ({ attempts: 3, firstRetryMs: 1, concurrency: 2, capacity: 10, ...overrides });

describe('MailQueue', () => {
  it('sends in a later turn of the event loop, never while the caller is still running', async () => {
    const mailer = scriptedMailer();
    const queue = new MailQueue(mailer, new ProcessMetrics(), options());

    queue.enqueue(mail());
    expect(mailer.attempts).toHaveLength(0);
    await queue.idle();
    expect(mailer.attempts).toEqual([mail()]);
  });

  it('retries a failed send until it goes through', async () => {
    const mailer = scriptedMailer('fail', 'fail', 'ok');
    const queue = new MailQueue(mailer, new ProcessMetrics(), options({ attempts: 3 }));

    queue.enqueue(mail());
    await queue.idle();
    expect(mailer.attempts).toHaveLength(3);
  });

  it('gives up after the configured number of attempts, and goes on with the next mail', async () => {
    const mailer = scriptedMailer('fail', 'fail', 'ok');
    const queue = new MailQueue(mailer, new ProcessMetrics(), options({ attempts: 2, concurrency: 1 }));

    queue.enqueue(mail('first@example.com'));
    await queue.idle();
    queue.enqueue(mail('second@example.com'));
    await queue.idle();
    expect(mailer.attempts.map((sent) => sent.to)).toEqual(['first@example.com', 'first@example.com', 'second@example.com']);
  });

  it('drops mail beyond its capacity rather than growing without bound', async () => {
    const mailer = scriptedMailer();
    const queue = new MailQueue(mailer, new ProcessMetrics(), options({ capacity: 2 }));

    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) queue.enqueue(mail(to));
    await queue.idle();
    expect(mailer.attempts.map((sent) => sent.to)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('stops retrying at shutdown', async () => {
    const mailer = scriptedMailer('fail', 'fail');
    const queue = new MailQueue(mailer, new ProcessMetrics(), options({ attempts: 5, firstRetryMs: 60_000 }));

    queue.enqueue(mail());
    while (mailer.attempts.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await queue.onApplicationShutdown();
    queue.enqueue(mail());
    await queue.idle();
    expect(mailer.attempts).toHaveLength(1);
  });

  it('reports its depth (waiting and due for a retry) and its failures by kind', async () => {
    const metrics = new ProcessMetrics();
    const queue = new MailQueue(scriptedMailer('fail', 'fail'), metrics, options({ attempts: 2, concurrency: 1, capacity: 1, firstRetryMs: 1 }));
    const failures = async () => Object.fromEntries((await metrics.counter(MAIL_FAILURES).get()).values.map(({ labels, value }) => [labels.kind, value]));

    queue.enqueue(mail('first@example.com'));
    queue.enqueue(mail('second@example.com'));
    expect(await metrics.registry.getSingleMetricAsString(MAIL_QUEUE_DEPTH.name)).toContain('closetly_mail_queue_depth 1');
    await queue.idle();
    expect(await failures()).toEqual({ retrying: 1, gave_up: 1, queue_full: 1 });
    expect(await metrics.registry.getSingleMetricAsString(MAIL_QUEUE_DEPTH.name)).toContain('closetly_mail_queue_depth 0');
  });

  it('reports one depth for every queue of the process (identity’s and profile’s, embedded)', async () => {
    const metrics = new ProcessMetrics();
    const slow = { send: () => new Promise<void>(() => undefined) };
    const first = new MailQueue(slow, metrics, options({ concurrency: 1 }));
    const second = new MailQueue(slow, metrics, options({ concurrency: 1 }));
    for (const queue of [first, first, first, second, second]) queue.enqueue(mail());
    while (first.depth + second.depth > 3) await new Promise((resolve) => setImmediate(resolve));

    expect(await metrics.registry.getSingleMetricAsString(MAIL_QUEUE_DEPTH.name)).toContain('closetly_mail_queue_depth 3');
  });
});
