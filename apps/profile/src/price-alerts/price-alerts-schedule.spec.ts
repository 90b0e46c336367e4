import { SchedulerRegistry } from '@nestjs/schedule';
import { mockOf } from '@closetly/testing';
import { digestIntervalMs, loadProfileConfig } from '../config';
import { PriceAlertDigestsService } from './price-alert-digests.service';
import { PriceAlertsSchedule } from './price-alerts-schedule';

const DAY_MS = 24 * 3600_000;

describe('PriceAlertsSchedule', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (env: NodeJS.ProcessEnv) => {
    const digests = mockOf(PriceAlertDigestsService);
    digests.runDue.mockResolvedValue({ digests: 0, items: 0 });
    const schedule = new PriceAlertsSchedule(new SchedulerRegistry(), digests, loadProfileConfig(env));
    return { digests, schedule };
  };

  it('sends the due digests daily by default, and stops on shutdown', async () => {
    const { digests, schedule } = setup({ NODE_ENV: 'development' });
    schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(DAY_MS - 1);
    expect(digests.runDue).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(digests.runDue).toHaveBeenCalledTimes(1);
    await schedule.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(3 * DAY_MS);
    expect(digests.runDue).toHaveBeenCalledTimes(1);
  });

  it('never overlaps itself; 0 turns it off, and so does NODE_ENV=test unless an interval is set', async () => {
    const { digests, schedule } = setup({ NODE_ENV: 'development', PRICE_ALERTS_DIGEST_INTERVAL_MS: '1000' });
    let finish: () => void = () => undefined;
    digests.runDue.mockReturnValue(new Promise((resolve) => (finish = () => resolve({ digests: 0, items: 0 }))));
    schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(digests.runDue).toHaveBeenCalledTimes(1);
    finish();
    await schedule.onApplicationShutdown();

    for (const env of [{ NODE_ENV: 'development', PRICE_ALERTS_DIGEST_INTERVAL_MS: '0' }, { NODE_ENV: 'test' }]) {
      const off = setup(env);
      off.schedule.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(10 * DAY_MS);
      expect(off.digests.runDue).not.toHaveBeenCalled();
    }
    expect(digestIntervalMs(loadProfileConfig({ NODE_ENV: 'test', PRICE_ALERTS_DIGEST_INTERVAL_MS: '500' }))).toBe(500);
  });
});

describe('profile config (price alerts)', () => {
  it('requires the unsubscribe key in production and refuses a shortened digest day there', () => {
    expect(() => loadProfileConfig({ NODE_ENV: 'production', PRICE_ALERTS_DIGEST_DAY_MS: '1000' })).toThrow(/UNSUBSCRIBE_TOKEN_SECRET: is required[\s\S]*PRICE_ALERTS_DIGEST_DAY_MS: is for tests/);
    expect(loadProfileConfig({ NODE_ENV: 'production', UNSUBSCRIBE_TOKEN_SECRET: 'k'.repeat(40) }).PRICE_ALERTS_DIGEST_DAY_MS).toBe(DAY_MS);
    const development = loadProfileConfig({ NODE_ENV: 'development' });
    expect(development.UNSUBSCRIBE_TOKEN_SECRET).toBeUndefined();
    expect(development).toMatchObject({ PUBLIC_URL: 'http://localhost:8080', UNSUBSCRIBE_TOKEN_TTL_DAYS: 60 });
  });
});
