import type { Save } from '../types';
import { leaveLastOut } from './split';

const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString();
const save = (userId: string, itemId: string, day: number): Save => ({ userId, itemId, at: at(day) });

describe('leaveLastOut', () => {
  it("holds out each user's latest saves and keeps the rest for training", () => {
    const saves = [save('a', 'a5', 5), save('a', 'a1', 1), save('a', 'a3', 3), save('a', 'a2', 2), save('a', 'a4', 4)];
    const split = leaveLastOut(saves, { holdOut: 3, minTrain: 2 });
    expect(split.heldOut).toEqual(new Map([['a', ['a3', 'a4', 'a5']]]));
    expect(split.train.map((entry) => entry.itemId)).toEqual(['a1', 'a2']);
  });

  it('keeps a user with too few saves whole in training, unevaluated', () => {
    const saves = [save('b', 'b1', 1), save('b', 'b2', 2), save('b', 'b3', 3), save('b', 'b4', 4)];
    const split = leaveLastOut(saves, { holdOut: 3, minTrain: 2 });
    expect(split.heldOut.size).toBe(0);
    expect(split.train).toHaveLength(4);
  });

  it('breaks time ties by item id and counts a repeated save once, at its latest time', () => {
    const saves = [save('c', 'y', 1), save('c', 'x', 1), save('c', 'z', 0), save('c', 'z', 2)];
    const split = leaveLastOut(saves, { holdOut: 1, minTrain: 1 });
    expect(split.heldOut.get('c')).toEqual(['z']);
    expect(split.train.map((entry) => entry.itemId)).toEqual(['x', 'y']);
  });
});
