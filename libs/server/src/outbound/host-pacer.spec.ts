import { virtualTime } from '@closetly/testing';
import { HostPacer, PaceQueueFullError } from './host-pacer';

describe('HostPacer', () => {
  const setUp = (queueLimit = 10) => {
    const time = virtualTime(0);
    const pacer = new HostPacer({ intervalMs: 2_000, queueLimit, now: time.now, sleep: (ms) => time.sleep(ms) });
    const starts: Array<[string, number]> = [];
    const request = (host: string, name = host, options?: { admitted?: boolean }) =>
      pacer.run(
        host,
        async () => {
          starts.push([name, time.now()]);
          return name;
        },
        options,
      );
    return { time, pacer, starts, request };
  };

  it('starts requests to one host 2 s apart, in arrival order', async () => {
    const { time, starts, request } = setUp();
    await time.run(Promise.all([request('a.test', 'a1'), request('a.test', 'a2'), request('a.test', 'a3')]));
    expect(starts).toEqual([
      ['a1', 0],
      ['a2', 2_000],
      ['a3', 4_000],
    ]);
  });

  it('keeps each host to its own pace: another host is not held up', async () => {
    const { time, starts, request } = setUp();
    await time.run(Promise.all([request('a.test', 'a1'), request('a.test', 'a2'), request('b.test', 'b1'), request('b.test', 'b2')]));
    expect(starts).toEqual([
      ['a1', 0],
      ['b1', 0],
      ['a2', 2_000],
      ['b2', 2_000],
    ]);
  });

  it('does not wait when the host has been quiet for longer than the pace', async () => {
    const { time, starts, request } = setUp();
    await time.run(request('a.test', 'a1'));
    time.advance(5_000);
    await time.run(request('a.test', 'a2'));
    expect(starts).toEqual([
      ['a1', 0],
      ['a2', 5_000],
    ]);
    expect(time.sleeps).toEqual([]);
  });

  it('runs one request at a time per host, even a slow one', async () => {
    const { time, pacer } = setUp();
    const events: string[] = [];
    const slow = pacer.run('a.test', async () => {
      events.push('slow start');
      await time.sleep(10_000);
      events.push('slow end');
    });
    const next = pacer.run('a.test', async () => {
      events.push(`next start at ${time.now()}`);
    });
    await time.run(Promise.all([slow, next]));
    expect(events).toEqual(['slow start', 'slow end', 'next start at 10000']);
  });

  it('refuses a request when the host already has its limit waiting, and admits retries', async () => {
    const { time, pacer, request } = setUp(2);
    const admitted = [request('a.test', 'a1'), request('a.test', 'a2')];
    expect(pacer.waitingFor('a.test')).toBe(2);
    const refused = request('a.test', 'a3');
    const retry = request('a.test', 'retry', { admitted: true });
    await expect(refused).rejects.toThrow(PaceQueueFullError);
    await expect(refused).rejects.toThrow('2 requests are already waiting for a.test');
    expect(await request('b.test')).toBe('b.test'); // other hosts have their own queue
    expect(await time.run(Promise.all([...admitted, retry]))).toEqual(['a1', 'a2', 'retry']);
    expect(pacer.waitingFor('a.test')).toBe(0);
    await expect(time.run(request('a.test', 'a4'))).resolves.toBe('a4');
  });

  it('holds a host until the time it asked for (Retry-After), also for requests already waiting', async () => {
    const { time, pacer, starts, request } = setUp();
    const first = pacer.run('a.test', async () => {
      pacer.holdUntil('a.test', time.now() + 30_000);
    });
    await time.run(Promise.all([first, request('a.test', 'a2'), request('b.test', 'b1')]));
    expect(starts).toEqual([
      ['b1', 0],
      ['a2', 30_000],
    ]);
  });

  it('takes a longer Crawl-delay, never a shorter one', async () => {
    const { time, pacer, starts, request } = setUp();
    pacer.slowDown('a.test', 5_000);
    pacer.slowDown('b.test', 500);
    await time.run(Promise.all([request('a.test', 'a1'), request('a.test', 'a2'), request('b.test', 'b1'), request('b.test', 'b2')]));
    expect(starts).toEqual([
      ['a1', 0],
      ['b1', 0],
      ['b2', 2_000],
      ['a2', 5_000],
    ]);
  });

  it('passes a failed task on and keeps the pace for the next one', async () => {
    const { time, pacer, starts, request } = setUp();
    const failing = pacer.run('a.test', () => Promise.reject(new Error('boom')));
    const after = request('a.test', 'after');
    await expect(time.run(failing)).rejects.toThrow('boom');
    await time.run(after);
    expect(starts).toEqual([['after', 2_000]]);
    expect(pacer.waitingFor('a.test')).toBe(0);
  });
});
