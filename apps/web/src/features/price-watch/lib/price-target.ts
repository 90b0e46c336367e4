import { PriceTarget } from '@closetly/contracts';

/**
 * The target field's text as the PUT body, checked with the contract's schema so the form says what the
 * server would: blank is no answer here (clearing has its own button); "$49.50" and "49,50" read as 49.5.
 */
export function readTargetPrice(text: string): { ok: true; body: PriceTarget } | { ok: false; message: string } {
  const cleaned = text.trim().replace(/^\$\s*/, '').replace(',', '.');
  if (cleaned === '') return { ok: false, message: 'Enter a target price' };
  const amount = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  const parsed = PriceTarget.safeParse({ targetPrice: Number.isNaN(amount) ? 'not a number' : amount });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Target price must be a number' };
  return { ok: true, body: { targetPrice: Math.round(amount * 100) / 100 } };
}
