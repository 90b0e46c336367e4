import { z } from 'zod';
import { ConfigError, parseEnv, PlatformEnv } from './env';
import { pageWatchMode, PageWatchEnv, refuseTestOutboundInProduction } from './outbound-env';

/** What the page-watch service's config does with these pieces. */
const PageWatchConfig = PlatformEnv.extend(PageWatchEnv.shape)
  .superRefine(refuseTestOutboundInProduction)
  .transform((config) => ({ ...config, pageWatch: pageWatchMode(config) }));
const load = (env: NodeJS.ProcessEnv) => parseEnv(PageWatchConfig, env);
const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('PAGE_WATCH and OUTBOUND_TEST_HOSTS', () => {
  it.each([
    [{}, 'off'],
    [{ NODE_ENV: 'development' }, 'off'],
    [{ NODE_ENV: 'test' }, 'off'],
    [{ NODE_ENV: 'production' }, 'on'],
    [{ NODE_ENV: 'production', PAGE_WATCH: 'off' }, 'off'],
    [{ NODE_ENV: 'test', PAGE_WATCH: 'on' }, 'on'],
    [{ NODE_ENV: 'test', PAGE_WATCH: 'test-hosts', OUTBOUND_TEST_HOSTS: 'www.zara.com=127.0.0.5:18199' }, 'test-hosts'],
  ])('%j reads pages as %s', (env, mode) => {
    expect(load(env).pageWatch).toBe(mode);
  });

  it('has a pace of one request every 2 s per host and a queue of 100 by default', () => {
    expect(load({})).toMatchObject({ PAGE_WATCH_PACE_MS: 2_000, PAGE_WATCH_QUEUE_LIMIT: 100 });
    expect(load({ PAGE_WATCH_PACE_MS: '5000', PAGE_WATCH_QUEUE_LIMIT: '10' })).toMatchObject({ PAGE_WATCH_PACE_MS: 5_000, PAGE_WATCH_QUEUE_LIMIT: 10 });
  });

  it('refuses test-hosts and OUTBOUND_TEST_HOSTS with NODE_ENV=production, each named', () => {
    expect(problemsOf({ NODE_ENV: 'production', PAGE_WATCH: 'test-hosts', OUTBOUND_TEST_HOSTS: 'www.zara.com=127.0.0.5:18199' })).toEqual([
      'OUTBOUND_TEST_HOSTS: is for tests and cannot be set with NODE_ENV=production',
      'PAGE_WATCH: test-hosts is for tests and cannot be used with NODE_ENV=production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', PAGE_WATCH: 'test-hosts' })).toEqual(['PAGE_WATCH: test-hosts is for tests and cannot be used with NODE_ENV=production']);
  });

  it('lists a bad mode, pace and mapping at once', () => {
    const problems = problemsOf({ PAGE_WATCH: 'sometimes', PAGE_WATCH_PACE_MS: '5', OUTBOUND_TEST_HOSTS: 'www.zara.com=8.8.8.8:80' });
    expect(problems).toEqual([
      'OUTBOUND_TEST_HOSTS: www.zara.com: 8.8.8.8 is not a loopback address (127.0.0.0/8 or [::1])',
      expect.stringMatching(/^PAGE_WATCH: /),
      expect.stringMatching(/^PAGE_WATCH_PACE_MS: /),
    ]);
  });

  it('works on any schema with NODE_ENV', () => {
    const schema = z.object({ NODE_ENV: z.string() }).extend(PageWatchEnv.shape).superRefine(refuseTestOutboundInProduction);
    expect(schema.safeParse({ NODE_ENV: 'production', OUTBOUND_TEST_HOSTS: 'a.test=127.0.0.1:1' }).success).toBe(false);
    expect(schema.safeParse({ NODE_ENV: 'test', OUTBOUND_TEST_HOSTS: 'a.test=127.0.0.1:1' }).success).toBe(true);
  });
});
