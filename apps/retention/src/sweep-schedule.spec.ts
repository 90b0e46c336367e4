import { SchedulerRegistry } from '@nestjs/schedule';
import { mockOf } from '@closetly/testing';
import { loadRetentionConfig } from './config';
import { RetentionService } from './retention.service';
import { SweepSchedule } from './sweep-schedule';

describe('SweepSchedule', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (env: NodeJS.ProcessEnv = {}) => {
    const retention = mockOf(RetentionService);
    retention.sweep.mockResolvedValue(0);
    const schedule = new SweepSchedule(new SchedulerRegistry(), retention, loadRetentionConfig(env));
    return { retention, schedule };
  };

  it('sweeps soon after start, then hourly by default, and stops on shutdown', async () => {
    const { retention, schedule } = setup();
    schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(retention.sweep).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(retention.sweep).toHaveBeenCalledTimes(2);
    await schedule.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(retention.sweep).toHaveBeenCalledTimes(2);
  });

  it('never overlaps itself, and 0 turns the schedule off', async () => {
    const { retention, schedule } = setup({ RETENTION_SWEEP_INTERVAL_MS: '1000' });
    let finish: () => void = () => undefined;
    retention.sweep.mockReturnValue(new Promise((resolve) => (finish = () => resolve(0))));
    schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(retention.sweep).toHaveBeenCalledTimes(1);
    finish();
    await schedule.onApplicationShutdown();

    const off = setup({ RETENTION_SWEEP_INTERVAL_MS: '0' });
    off.schedule.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10_000_000);
    expect(off.retention.sweep).not.toHaveBeenCalled();
  });

  it('refuses the test clock with NODE_ENV=production', () => {
    expect(() => loadRetentionConfig({ NODE_ENV: 'production', RETENTION_TEST_CLOCK: 'true' })).toThrow(/RETENTION_TEST_CLOCK/);
    expect(loadRetentionConfig({ NODE_ENV: 'test', RETENTION_TEST_CLOCK: 'true' }).RETENTION_TEST_CLOCK).toBe(true);
  });
});
