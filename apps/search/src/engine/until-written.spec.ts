import { UntilWritten } from './until-written';

describe('UntilWritten', () => {
  it('remembers a value read with no write meanwhile, until the next write', () => {
    const remembered = new UntilWritten<number>(10);
    remembered.remember('a', 1, remembered.mark());
    expect(remembered.get('a')).toBe(1);
    remembered.outdated();
    expect(remembered.get('a')).toBeUndefined();
  });

  it('keeps nothing read across a write, which may have seen the old contents', () => {
    const remembered = new UntilWritten<number>(10);
    const mark = remembered.mark();
    remembered.outdated();
    remembered.remember('a', 1, mark);
    expect(remembered.get('a')).toBeUndefined();
  });

  it('forgets the least recently used value past its capacity', () => {
    const remembered = new UntilWritten<number>(2);
    remembered.remember('a', 1, remembered.mark());
    remembered.remember('b', 2, remembered.mark());
    expect(remembered.get('a')).toBe(1);
    remembered.remember('c', 3, remembered.mark());
    expect([remembered.get('a'), remembered.get('b'), remembered.get('c')]).toEqual([1, undefined, 3]);
  });
});
