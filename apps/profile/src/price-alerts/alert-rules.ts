import type { NotificationKind, PriceAlertSettings } from '@closetly/contracts';

/**
 * After the below-target alert fired, the price must come back to at least this many percent above the
 * target before it can fire again: a wobble of a few percent around the target never alerts twice.
 */
export const TARGET_REARM_PERCENT = 5;

/** Percent comparisons of prices in floating point: 85 is exactly a 15% drop from 100. */
const EPSILON = 1e-9;

/** One saver's alert state for one saved product (stored in saved_products). */
export interface AlertState {
  targetPrice: number | null;
  /** The price the drop alert is armed at (null until the first price is seen). */
  dropReference: number | null;
  dropAlerted: boolean;
  /** The price the rise alert is armed at. */
  riseReference: number | null;
  riseAlerted: boolean;
  belowTargetAlerted: boolean;
}

export const UNARMED: Omit<AlertState, 'targetPrice'> = { dropReference: null, dropAlerted: false, riseReference: null, riseAlerted: false, belowTargetAlerted: false };

export interface PriceMove {
  old: number | null;
  new: number | null;
}

export interface Evaluation {
  /** What crossed: at most one notification per change ('below-target' wins over 'price-drop', being the more specific). */
  alert: NotificationKind | null;
  state: AlertState;
}

const percentBelow = (reference: number, price: number) => ((reference - price) / reference) * 100;
const percentAbove = (reference: number, price: number) => ((price - reference) / reference) * 100;

/**
 * The hysteresis rules of price alerts, for one saver, one product and one change of its shown price.
 *
 * Drop (any drop of at least `minDropPercent`):
 * - armed, it fires when the price is at least `minDropPercent` below the reference; while armed the
 *   reference follows the price up (a drop counts from the highest price since arming), never down, so a
 *   slow slide alerts once it adds up;
 * - once fired, it re-arms only when the price is back at or above the reference it fired against
 *   ("recovered"); the reference is then that price. Until then nothing fires again, however the price
 *   wobbles around the threshold (reference 100 at 10%: 85 fires; 91, 89, 92, 88 do not; 100, then 89 fires).
 *
 * Rise (only when `rises`): the mirror image, from the lowest price since arming (unwatched, it stays
 * armed at the current price).
 *
 * Below target: fires when the price is at or below the saver's target; re-arms when the price is back at
 * least TARGET_REARM_PERCENT above the target (a new target re-arms it too).
 *
 * The first price seen arms at the change's old price (or, when there was none, the new one). A change to
 * "no price" changes nothing.
 */
export function evaluatePriceMove(state: AlertState, settings: PriceAlertSettings, move: PriceMove): Evaluation {
  const price = move.new;
  if (price === null || price <= 0) return { alert: null, state };
  const start = move.old !== null && move.old > 0 ? move.old : price;
  const next: AlertState = { ...state, dropReference: state.dropReference ?? start, riseReference: state.riseReference ?? start };
  const percent = settings.minDropPercent;
  const fired: NotificationKind[] = [];

  const dropReference = next.dropReference as number;
  if (next.dropAlerted) {
    if (price >= dropReference - EPSILON) Object.assign(next, { dropAlerted: false, dropReference: price });
  } else if (price > dropReference) {
    next.dropReference = price;
  } else if (percentBelow(dropReference, price) >= percent - EPSILON) {
    next.dropAlerted = true;
    fired.push('price-drop');
  }

  const riseReference = next.riseReference as number;
  if (!settings.rises) {
    // Rises unwatched: kept armed at the current price, so turning them on never fires on an old low.
    Object.assign(next, { riseAlerted: false, riseReference: price });
  } else if (next.riseAlerted) {
    if (price <= riseReference + EPSILON) Object.assign(next, { riseAlerted: false, riseReference: price });
  } else if (price < riseReference) {
    next.riseReference = price;
  } else if (percentAbove(riseReference, price) >= percent - EPSILON) {
    next.riseAlerted = true;
    fired.push('price-rise');
  }

  if (next.targetPrice !== null) {
    if (next.belowTargetAlerted) {
      if (percentAbove(next.targetPrice, price) >= TARGET_REARM_PERCENT - EPSILON) next.belowTargetAlerted = false;
    } else if (price <= next.targetPrice + EPSILON) {
      next.belowTargetAlerted = true;
      fired.push('below-target');
    }
  }

  const alert = fired.includes('below-target') ? 'below-target' : (fired[0] ?? null);
  return { alert, state: next };
}
