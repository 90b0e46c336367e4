import type { NotificationKind, PriceAlertSettings } from '@closetly/contracts';
import { type AlertState, evaluatePriceMove, TARGET_REARM_PERCENT, UNARMED } from './alert-rules';

const settings = (overrides: Partial<PriceAlertSettings> = {}): PriceAlertSettings => ({ enabled: true, minDropPercent: 10, rises: false, ...overrides });
const fresh = (targetPrice: number | null = null): AlertState => ({ targetPrice, ...UNARMED });

/** Walks the shown price through `prices` (the first is where it starts) and answers what each change fired, and the final state. */
function walk(prices: readonly (number | null)[], options: { settings?: PriceAlertSettings; state?: AlertState } = {}) {
  let state = options.state ?? fresh();
  const fired: Array<NotificationKind | null> = [];
  for (let index = 1; index < prices.length; index += 1) {
    const evaluation = evaluatePriceMove(state, options.settings ?? settings(), { old: prices[index - 1] ?? null, new: prices[index] ?? null });
    fired.push(evaluation.alert);
    state = evaluation.state;
  }
  return { fired, state, alerts: fired.filter((kind) => kind !== null) };
}

describe('evaluatePriceMove (price alert rules)', () => {
  describe('drop of at least minDropPercent', () => {
    it('fires for a 15% drop with a 10% alert, armed at the price before the change', () => {
      const { fired, state } = walk([100, 85]);
      expect(fired).toEqual(['price-drop']);
      expect(state).toMatchObject({ dropReference: 100, dropAlerted: true });
    });

    it('fires at exactly the threshold, and not a cent above it', () => {
      expect(walk([100, 90]).fired).toEqual(['price-drop']);
      expect(walk([100, 90.01]).fired).toEqual([null]);
      expect(walk([19.99, 17.99]).fired).toEqual(['price-drop']);
    });

    it('follows each choice of percent', () => {
      for (const [percent, below, above] of [
        [5, 95, 95.5],
        [10, 90, 90.5],
        [20, 80, 80.5],
        [30, 70, 70.5],
      ] as const) {
        expect(walk([100, below], { settings: settings({ minDropPercent: percent }) }).fired).toEqual(['price-drop']);
        expect(walk([100, above], { settings: settings({ minDropPercent: percent }) }).fired).toEqual([null]);
      }
    });

    it('adds up a slow slide from the highest price since arming', () => {
      expect(walk([100, 97, 94, 91, 89.5]).fired).toEqual([null, null, null, 'price-drop']);
      // The reference follows the price up while armed: a drop counts from 120, not from 100.
      expect(walk([100, 120, 107]).fired).toEqual([null, 'price-drop']);
    });

    it('never fires again while the price wobbles ±2% around the threshold after a crossing', () => {
      const { alerts, state } = walk([100, 85, 91, 89, 92, 88, 91.9, 88.1, 90, 89]);
      expect(alerts).toEqual(['price-drop']);
      expect(state).toMatchObject({ dropReference: 100, dropAlerted: true });
    });

    it('never fires twice for a wobble ±2% around the threshold from the start', () => {
      expect(walk([100, 92, 88, 92, 88, 92, 88]).alerts).toEqual(['price-drop']);
    });

    it('re-arms only once the price is back at the reference it fired against, then fires on a new crossing', () => {
      // Recovery to 99 is not enough; 100 re-arms (at 100), and 89 crosses anew.
      expect(walk([100, 85, 99, 85]).alerts).toEqual(['price-drop']);
      const { fired, state } = walk([100, 85, 100, 89]);
      expect(fired).toEqual(['price-drop', null, 'price-drop']);
      expect(state).toMatchObject({ dropReference: 100, dropAlerted: true });
    });

    it('re-arms at the recovered price when it comes back higher than before', () => {
      const { fired } = walk([100, 85, 120, 109, 107]);
      expect(fired).toEqual(['price-drop', null, null, 'price-drop']);
    });

    it('arms at the new price when there was no old one, and ignores a change to no price', () => {
      const first = evaluatePriceMove(fresh(), settings(), { old: null, new: 50 });
      expect(first).toEqual({ alert: null, state: expect.objectContaining({ dropReference: 50, dropAlerted: false }) });
      const gone = evaluatePriceMove(first.state, settings(), { old: 50, new: null });
      expect(gone).toEqual({ alert: null, state: first.state });
      expect(evaluatePriceMove(gone.state, settings(), { old: null, new: 40 }).alert).toBe('price-drop');
    });

    it('keeps the stored reference over the event’s old price (the reference is where it was armed)', () => {
      const armed: AlertState = { ...fresh(), dropReference: 100, riseReference: 100 };
      expect(evaluatePriceMove(armed, settings(), { old: 95, new: 89 }).alert).toBe('price-drop');
    });

    it('fires nothing for rises when rises are off', () => {
      expect(walk([100, 150, 200, 300]).alerts).toEqual([]);
    });
  });

  describe('rises (when chosen)', () => {
    const rises = settings({ rises: true });

    it('fires for a rise of at least the percent, from the lowest price since arming', () => {
      expect(walk([100, 110], { settings: rises }).fired).toEqual(['price-rise']);
      expect(walk([100, 109], { settings: rises }).fired).toEqual([null]);
      expect(walk([100, 80, 89], { settings: rises }).fired).toEqual(['price-drop', 'price-rise']);
    });

    it('does not fire again for a wobble around the threshold; re-arms once back at the reference', () => {
      expect(walk([100, 115, 109, 111, 109, 112], { settings: rises }).alerts).toEqual(['price-rise']);
      // Back at 100 re-arms the rise (and is itself a 13% drop from 115); 111 then rises anew.
      expect(walk([100, 115, 100, 111], { settings: rises }).fired).toEqual(['price-rise', 'price-drop', 'price-rise']);
    });

    it('does not fire on an old low when rises are turned on later', () => {
      const { state } = walk([100, 80, 95]);
      expect(evaluatePriceMove(state, rises, { old: 95, new: 100 }).alert).toBeNull();
    });
  });

  describe('below the target', () => {
    it('fires when the price reaches the target or falls below it', () => {
      expect(walk([100, 96, 95], { state: fresh(95) }).fired).toEqual([null, 'below-target']);
      expect(walk([100, 96, 94], { state: fresh(95) }).fired).toEqual([null, 'below-target']);
    });

    it('is one notification when the same change also drops past the percent (the target is the more specific)', () => {
      const { fired, state } = walk([100, 80], { state: fresh(85) });
      expect(fired).toEqual(['below-target']);
      expect(state).toMatchObject({ dropAlerted: true, belowTargetAlerted: true });
      // Neither fires again until each re-arms.
      expect(walk([100, 80, 86, 84], { state: fresh(85) }).alerts).toEqual(['below-target']);
    });

    it(`never fires twice for a wobble of ±2% around the target; re-arms ${TARGET_REARM_PERCENT}% above it`, () => {
      expect(walk([100, 98, 102, 98, 101.9, 98.1], { state: fresh(100), settings: settings({ minDropPercent: 30 }) }).alerts).toEqual(['below-target']);
      expect(walk([110, 99, 105, 99], { state: fresh(100), settings: settings({ minDropPercent: 30 }) }).alerts).toEqual(['below-target', 'below-target']);
    });
  });
});
