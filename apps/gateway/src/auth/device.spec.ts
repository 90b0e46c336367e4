import { deviceOf } from './device';

describe('deviceOf', () => {
  it('names the browser and the system, without versions', () => {
    const chromeOnMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const safariOnIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

    expect(deviceOf(chromeOnMac)).toBe('Chrome on macOS');
    expect(deviceOf(safariOnIphone)).toBe('Safari on iOS');
    expect(deviceOf(firefoxOnLinux)).toBe('Firefox on Linux');
  });

  it('answers nothing for a missing or meaningless header, and never more than 100 characters', () => {
    expect(deviceOf(undefined)).toBeUndefined();
    expect(deviceOf('')).toBeUndefined();
    expect(deviceOf('x'.repeat(10_000))).toBeUndefined();
    expect((deviceOf(`Mozilla/5.0 (X11; Linux x86_64) Firefox/1.0 ${'y'.repeat(5000)}`) ?? '').length).toBeLessThanOrEqual(100);
  });
});
