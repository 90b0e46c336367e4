import { virtualTime } from '@closetly/testing';
import { PaceQueueFullError } from './host-pacer';
import { RobotsCache, type RobotsFile } from './robots';
import { OutboundFetchError } from './safe-http-client';

describe('RobotsCache', () => {
  const setUp = (answers: Array<RobotsFile | Error>) => {
    const time = virtualTime(0);
    const asked: string[] = [];
    const cache = new RobotsCache({
      agent: 'Closetly-PageWatch',
      now: time.now,
      fetch: async (url) => {
        asked.push(url);
        const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        if (!answer) throw new Error('no answer scripted');
        return answer;
      },
    });
    return { time, cache, asked };
  };
  const file = (text: string, status = 200): RobotsFile => ({ status, body: Buffer.from(text) });
  const page = new URL('https://shop.test/p/1');

  it('reads the file at the origin, with a BOM and our group in any case', async () => {
    const { cache, asked } = setUp([file('\uFEFFUser-agent: closetly-pagewatch\nDisallow: /p/\n\nUser-agent: *\nAllow: /\n')]);
    expect(await cache.verdict(page)).toEqual({ allowed: false, why: 'disallowed', detail: 'robots.txt line 2 disallows /p/1' });
    expect(await cache.verdict(new URL('https://shop.test/about'))).toEqual({ allowed: true });
    expect(asked).toEqual(['https://shop.test/robots.txt']);
  });

  it('names a Crawl-delay in ms', async () => {
    const { cache } = setUp([file('User-agent: *\nCrawl-delay: 2.5\n')]);
    expect(await cache.verdict(page)).toEqual({ allowed: true, crawlDelayMs: 2_500 });
  });

  it('passes a refusal or a full queue on without caching it', async () => {
    const { cache, asked } = setUp([new OutboundFetchError('FORBIDDEN_ADDRESS', 'forbidden', 'lookup'), new PaceQueueFullError('shop.test', 1), file('')]);
    await expect(cache.verdict(page)).rejects.toThrow(OutboundFetchError);
    await expect(cache.verdict(page)).rejects.toThrow(PaceQueueFullError);
    expect(await cache.verdict(page)).toEqual({ allowed: true });
    expect(asked).toHaveLength(3);
  });

  it('counts too many redirects as an unreachable file, not a refused host', async () => {
    const { cache } = setUp([new OutboundFetchError('TOO_MANY_REDIRECTS', 'More than 5 redirects', 'url')]);
    expect(await cache.verdict(page)).toEqual({ allowed: false, why: 'unreachable', detail: 'robots.txt: TOO_MANY_REDIRECTS' });
  });

  it('treats 401 and 403 as no file (RFC 9309: every 4xx but 429)', async () => {
    for (const status of [401, 403, 404, 410]) {
      const { cache } = setUp([file('User-agent: *\nDisallow: /\n', status)]);
      expect(await cache.verdict(page)).toEqual({ allowed: true });
    }
  });
});
