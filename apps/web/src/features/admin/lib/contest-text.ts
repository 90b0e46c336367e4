import type { ContestReason } from '@closetly/contracts';

/** What each contest reason says to an administrator. */
export const CONTEST_REASON_TEXT: Record<ContestReason, string> = {
  'name-brand': 'Savers disagree on name or brand',
  price: 'Savers disagree on price by over 20%',
  page: 'A saver disagrees with the page',
};

/** "$59.50", "€79.95"; "No price" without one. In the currency stated, not converted. */
export function contestPrice(price: number | null, currency: string | null): string {
  if (price === null) return 'No price';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(price);
  } catch {
    return `${price.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

/** "Nov 26, 2026" for when a page was read or a version saved. */
export function formatCheckedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'at an unknown time' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
