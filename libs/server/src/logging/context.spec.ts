import { acceptCorrelationId, correlationId, currentContext, runWithContext } from './context';

describe('work context', () => {
  it('carries the correlation id through async work', async () => {
    const seen = await runWithContext({ correlationId: 'abc-1' }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return correlationId();
    });
    expect(seen).toBe('abc-1');
    expect(currentContext()).toBeUndefined();
  });

  it('makes a fresh id outside any work', () => {
    expect(correlationId()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts only short plain ids from callers', () => {
    expect(acceptCorrelationId('req-42.a:b_c')).toBe('req-42.a:b_c');
    for (const hostile of ['a b', 'x'.repeat(201), '<script>', 42, undefined, 'line\nbreak']) {
      const accepted = acceptCorrelationId(hostile);
      expect(accepted).not.toBe(hostile);
      expect(accepted).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
