import { SchedulerRegistry } from '@nestjs/schedule';
import { mockOf } from '@closetly/testing';
import { loadPagesConfig, pageWatchIntervalMs } from './config';
import { PageWatchSchedule } from './page-watch-schedule';
import { PagesService } from './pages.service';

describe('PageWatchSchedule', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (env: NodeJS.ProcessEnv) => {
    const pages = mockOf(PagesService);
    pages.runScheduled.mockResolvedValue({ read: 0, products: 0, unreadable: 0, notModified: 0 });
    const schedule = new PageWatchSchedule(new SchedulerRegistry(), pages, loadPagesConfig(env));
    return { pages, schedule };
  };

  it('reads due pages every minute by default, and stops on shutdown', async () => {
    const { pages, schedule } = setup({ NODE_ENV: 'development' });
    schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(pages.runScheduled).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(pages.runScheduled).toHaveBeenCalledTimes(2);
    await schedule.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(600_000);
    expect(pages.runScheduled).toHaveBeenCalledTimes(2);
  });

  it('never overlaps itself; 0 turns the schedule off, and so does NODE_ENV=test unless an interval is set', async () => {
    const { pages, schedule } = setup({ NODE_ENV: 'development', PAGE_WATCH_INTERVAL_MS: '1000' });
    let finish: () => void = () => undefined;
    pages.runScheduled.mockReturnValue(new Promise((resolve) => (finish = () => resolve({ read: 0, products: 0, unreadable: 0, notModified: 0 }))));
    schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(pages.runScheduled).toHaveBeenCalledTimes(1);
    finish();
    await schedule.onApplicationShutdown();

    for (const env of [{ NODE_ENV: 'development', PAGE_WATCH_INTERVAL_MS: '0' }, { NODE_ENV: 'test' }]) {
      const off = setup(env);
      off.schedule.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(10_000_000);
      expect(off.pages.runScheduled).not.toHaveBeenCalled();
    }
    expect(pageWatchIntervalMs(loadPagesConfig({ NODE_ENV: 'test', PAGE_WATCH_INTERVAL_MS: '500' }))).toBe(500);
  });
});

describe('page watch config', () => {
  it('refuses the test-only outbound settings with NODE_ENV=production, naming each', () => {
    expect(() => loadPagesConfig({ NODE_ENV: 'production', PAGE_WATCH: 'test-hosts', OUTBOUND_TEST_HOSTS: 'www.zara.com=127.0.0.5:18199' })).toThrow(
      /PAGE_WATCH[\s\S]*OUTBOUND_TEST_HOSTS|OUTBOUND_TEST_HOSTS[\s\S]*PAGE_WATCH/,
    );
    expect(loadPagesConfig({ NODE_ENV: 'test', PAGE_WATCH: 'test-hosts', OUTBOUND_TEST_HOSTS: 'www.zara.com=127.0.0.5:18199' }).OUTBOUND_TEST_HOSTS.size).toBe(1);
  });

  it('has the page-watch defaults: off outside production, a 2 s pace per host, 50 pages a run', () => {
    const config = loadPagesConfig({});
    expect(config).toMatchObject({ PAGE_WATCH_PACE_MS: 2000, PAGE_WATCH_QUEUE_LIMIT: 100, PAGE_WATCH_BATCH: 50, PAGES_HTTP_PORT: 4207, PAGES_RPC: '127.0.0.1:4107' });
    expect(config.PAGE_WATCH).toBeUndefined();
  });
});
