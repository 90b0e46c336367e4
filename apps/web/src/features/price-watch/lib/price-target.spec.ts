import { describe, expect, it } from '@jest/globals';
import { readTargetPrice } from './price-target';

describe('reading the target price field', () => {
  it('takes a price as typed, with a dollar sign or a decimal comma', () => {
    expect(readTargetPrice('49.5')).toEqual({ ok: true, body: { targetPrice: 49.5 } });
    expect(readTargetPrice(' $49.50 ')).toEqual({ ok: true, body: { targetPrice: 49.5 } });
    expect(readTargetPrice('49,99')).toEqual({ ok: true, body: { targetPrice: 49.99 } });
    expect(readTargetPrice('12.345')).toEqual({ ok: true, body: { targetPrice: 12.35 } });
  });

  it("refuses what the server would, with the contract's messages", () => {
    expect(readTargetPrice('')).toEqual({ ok: false, message: 'Enter a target price' });
    expect(readTargetPrice('cheap')).toEqual({ ok: false, message: 'Target price must be a number' });
    expect(readTargetPrice('0')).toEqual({ ok: false, message: 'Target price must be more than 0' });
    expect(readTargetPrice('-5')).toEqual({ ok: false, message: 'Target price must be more than 0' });
    expect(readTargetPrice('2000000')).toEqual({ ok: false, message: 'Target price is too high' });
  });
});
