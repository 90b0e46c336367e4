import { detectBotWall } from './bot-wall';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const PRODUCT = page(
  '<title>Relaxed Linen Shirt | Shop</title><script type="application/ld+json">{"@type":"Product","name":"Relaxed Linen Shirt"}</script>',
  '<form class="newsletter"><div class="g-recaptcha" data-sitekey="x"></div></form><p>Are you a member? Sign in.</p>',
);

describe('detectBotWall', () => {
  it.each([
    ['a Cloudflare interstitial', 503, {}, page('<title>Just a moment...</title>', '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>'), 'cloudflare-challenge'],
    ['a Cloudflare challenge served with 200', 200, {}, page('<title>Just a moment...</title>'), 'cloudflare-challenge'],
    ['a challenge announced by header', 403, { 'cf-mitigated': 'challenge' }, 'blocked', 'cloudflare-challenge'],
    ['DataDome', 403, {}, page('<title>shop.example</title>', '<script src="https://ct.captcha-delivery.com/c.js"></script>'), 'datadome'],
    ['DataDome by header', 403, { 'x-datadome': 'protected' }, '', 'datadome'],
    ['PerimeterX', 403, {}, page('<title>Access to this page has been denied</title>', '<div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human</p>'), 'perimeterx'],
    ['Imperva', 200, {}, page('', '<iframe src="/_Incapsula_Resource?SWUDNSAI=31"></iframe>'), 'imperva'],
    ['Akamai', 403, {}, page('<title>Access Denied</title>', 'Reference #18.1 https://errors.edgesuite.net/18.1'), 'akamai'],
    ['a generic captcha page', 200, {}, page('<title>Security check</title>'), 'captcha'],
    ['a captcha widget on a 429', 429, {}, page('<title>Slow down</title>', '<div class="h-captcha"></div>'), 'captcha'],
    ['an "unusual traffic" 503', 503, {}, 'Our systems have detected unusual traffic from your computer network.', 'captcha'],
  ])('sees %s', (_what, status, headers, body, wall) => {
    expect(detectBotWall(status, headers, body)).toMatchObject({ wall });
  });

  it.each([
    ['a product page with a newsletter reCAPTCHA', 200, PRODUCT],
    ['a plain 404', 404, page('<title>Not found</title>')],
    ['a plain 503', 503, page('<title>Down for maintenance</title>')],
    ['a plain 403', 403, 'Forbidden'],
    ['an empty page', 200, ''],
  ])('lets %s through', (_what, status, body) => {
    expect(detectBotWall(status, {}, body)).toBeUndefined();
  });

  it('only reads the start of a page', () => {
    expect(detectBotWall(200, {}, `${' '.repeat(70 * 1024)}<title>Just a moment...</title>`)).toBeUndefined();
  });
});
