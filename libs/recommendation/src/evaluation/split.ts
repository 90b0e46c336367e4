import { toMillis } from '../time';
import type { Save } from '../types';

/** A leave-last-n-out split: each evaluated user's latest saves are hidden from the recommenders. */
export interface HoldOutSplit {
  /** Every save but the held-out ones (other users' saves included, as the recommender would see them). */
  train: Save[];
  /** Per evaluated user, the ids of their held-out saves (their latest, oldest first). */
  heldOut: Map<string, string[]>;
}

export interface HoldOutOptions {
  /** How many of each user's latest saves to hide. */
  holdOut: number;
  /** A user is evaluated only with at least this many saves left to learn from; others stay whole in `train`. */
  minTrain: number;
}

/**
 * Holds out each user's last `holdOut` distinct saves (by time, ties by item
 * id). A user's repeated save of one item counts once, at its latest time.
 */
export function leaveLastOut(saves: readonly Save[], options: HoldOutOptions): HoldOutSplit {
  const byUser = new Map<string, Map<string, Save>>();
  for (const save of saves) {
    let row = byUser.get(save.userId);
    if (!row) byUser.set(save.userId, (row = new Map()));
    const previous = row.get(save.itemId);
    if (!previous || toMillis(save.at) > toMillis(previous.at)) row.set(save.itemId, save);
  }
  const train: Save[] = [];
  const heldOut = new Map<string, string[]>();
  for (const userId of [...byUser.keys()].sort()) {
    const row = [...(byUser.get(userId) as Map<string, Save>).values()].sort(
      (a, b) => toMillis(a.at) - toMillis(b.at) || (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0),
    );
    if (options.holdOut > 0 && row.length >= options.holdOut + options.minTrain) {
      train.push(...row.slice(0, row.length - options.holdOut));
      heldOut.set(userId, row.slice(row.length - options.holdOut).map((save) => save.itemId));
    } else {
      train.push(...row);
    }
  }
  return { train, heldOut };
}
