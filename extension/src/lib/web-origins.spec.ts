import { isAllowedWebOrigin } from './web-origins';

describe('isAllowedWebOrigin', () => {
  const patterns = ['https://closetly.app/*', 'https://*.closetly.app/*', 'http://127.0.0.1/*'];

  it.each(['https://closetly.app', 'https://beta.closetly.app', 'http://127.0.0.1:8080', 'http://127.0.0.1:41234'])('accepts %s', (origin) => {
    expect(isAllowedWebOrigin(origin, patterns)).toBe(true);
  });

  it.each([undefined, '', 'http://closetly.app', 'https://closetly.app.evil.com', 'https://evilcloset ly.app', 'https://notclosetly.app', 'http://localhost:8080', 'https://127.0.0.1', 'null'])(
    'refuses %p',
    (origin) => {
      expect(isAllowedWebOrigin(origin, patterns)).toBe(false);
    },
  );

  it('refuses everything when no pattern is configured or a pattern is malformed', () => {
    expect(isAllowedWebOrigin('https://closetly.app', [])).toBe(false);
    expect(isAllowedWebOrigin('https://closetly.app', ['<all_urls>', 'https://closetly.app'])).toBe(false);
  });
});
