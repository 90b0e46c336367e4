import { feedbackClientKey } from './feedback-client-key';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

describe('feedbackClientKey', () => {
  it('is the same for one address, different for another, and for another key', () => {
    const key = feedbackClientKey(SECRET, '203.0.113.7');
    expect(feedbackClientKey(SECRET, '203.0.113.7')).toBe(key);
    expect(feedbackClientKey(SECRET, '203.0.113.8')).not.toBe(key);
    expect(feedbackClientKey(`${SECRET}-rotated`, '203.0.113.7')).not.toBe(key);
  });

  it('does not carry the address, and fits the record-feedback call', () => {
    const key = feedbackClientKey(SECRET, '203.0.113.7');
    expect(key).not.toContain('203.0.113');
    expect(key.length).toBeLessThanOrEqual(128);
  });
});
