import { createRecommender, recommend } from './recommend';
import type { RecommendableItem, RecommendationProfile, Save } from './types';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 5, 1);

const item = (overrides: Partial<RecommendableItem> = {}): RecommendableItem => ({ name: 'Item', brand: 'Brand', gender: 'Unisex', category: 'tops', ...overrides });
const save = (userId: string, itemId: string, day = 0): Save => ({ userId, itemId, at: new Date(T0 + day * DAY).toISOString() });
const catalogue = (...ids: string[]): Record<string, RecommendableItem> => Object.fromEntries(ids.map((id) => [id, item()]));
/** `count` users u1..un who each saved all of `itemIds` on `day`. */
const savers = (prefix: string, count: number, itemIds: string[], day = 0): Save[] =>
  Array.from({ length: count }, (_, n) => itemIds.map((itemId) => save(`${prefix}${n + 1}`, itemId, day))).flat();

describe('recommend: items that similar users save', () => {
  it('two users co-saved A and B; a third who saved A gets B first', () => {
    const saves = [save('u1', 'A'), save('u1', 'B'), save('u2', 'A'), save('u2', 'B'), save('u3', 'A'), save('u4', 'C'), save('u5', 'C'), save('u6', 'C')];
    // C is the most popular item, but nobody who saved A saved it.
    expect(recommend({ saves, userId: 'u3', k: 2, items: catalogue('A', 'B', 'C') })).toEqual(['B', 'C']);
  });

  it('the stronger co-save wins: more co-savers of my item saved X than Y', () => {
    const saves = [...savers('x', 3, ['A', 'X']), ...savers('y', 1, ['A', 'Y']), ...savers('p', 6, ['Y']), save('me', 'A')];
    expect(recommend({ saves, userId: 'me', k: 1, items: catalogue('A', 'X', 'Y') })).toEqual(['X']);
  });

  it('my latest saves weigh more than old ones', () => {
    const saves = [...savers('o', 2, ['OLD', 'X']), ...savers('n', 2, ['NEW', 'Y']), save('me', 'OLD', 0), save('me', 'NEW', 30)];
    expect(recommend({ saves, userId: 'me', k: 2, items: catalogue('OLD', 'NEW', 'X', 'Y') })).toEqual(['Y', 'X']);
  });

  it('a co-save of a rare item says more than a co-save of a hit', () => {
    // Everyone saved HIT; HIT's other co-saver also saved X. Only one rare-item co-saver, who also saved Y.
    const saves = [...savers('h', 8, ['HIT']), save('a', 'HIT'), save('a', 'X'), save('b', 'RARE'), save('b', 'Y'), save('me', 'HIT'), save('me', 'RARE')];
    expect(recommend({ saves, userId: 'me', k: 2, items: catalogue('HIT', 'RARE', 'X', 'Y') })).toEqual(['Y', 'X']);
  });

  it('co-savers who save the profile gender and favourite brands count more', () => {
    const items = {
      S: item(),
      X: item(),
      Y: item(),
      W1: item({ gender: 'Women', brand: 'Toteme' }),
      W2: item({ gender: 'Women', brand: 'Toteme' }),
      M1: item({ gender: 'Men', brand: 'Gap' }),
      M2: item({ gender: 'Men', brand: 'Gap' }),
    };
    // Two co-savers of S, alike but for what else they save: Y's saver saves Women items of Toteme, X's Men items of Gap.
    const saves = [save('a', 'S'), save('a', 'Y'), save('a', 'W1'), save('a', 'W2'), save('b', 'S'), save('b', 'X'), save('b', 'M1'), save('b', 'M2'), save('me', 'S')];
    const first = (profile: RecommendationProfile) => recommend({ saves, userId: 'me', k: 10, items, profile }).filter((id) => id === 'X' || id === 'Y')[0];
    expect(first({})).toBe('X'); // a tie, broken by id
    expect(first({ gender: 'female' })).toBe('Y');
    expect(first({ favoriteBrands: ['Toteme'] })).toBe('Y');
    expect(first({ gender: 'male' })).toBe('X');
  });

  it('blends in the brand and category the user saves', () => {
    const items = {
      MINE: item({ brand: 'Acne Studios', category: 'shoes' }),
      SAME: item({ brand: 'Acne Studios', category: 'shoes' }),
      OTHER: item({ brand: 'Gap', category: 'tops' }),
    };
    // SAME and OTHER are equally popular and neither is co-saved with MINE.
    const saves = [save('a', 'SAME'), save('b', 'OTHER'), save('me', 'MINE')];
    expect(recommend({ saves, userId: 'me', k: 2, items })).toEqual(['SAME', 'OTHER']);
  });
});

describe('recommend: what is never recommended', () => {
  it('excludes what the user already saved, however often', () => {
    const saves = [...savers('u', 3, ['A', 'B', 'C']), save('me', 'A'), save('me', 'B', 1), save('me', 'B', 2)];
    expect(recommend({ saves, userId: 'me', k: 10, items: catalogue('A', 'B', 'C') })).toEqual(['C']);
  });

  it('never returns items missing from the catalogue, but their co-saves still make users similar', () => {
    const saves = [...savers('u', 2, ['GONE', 'B']), ...savers('p', 4, ['C']), save('me', 'GONE')];
    const answer = recommend({ saves, userId: 'me', k: 10, items: catalogue('B', 'C') });
    expect(answer).toEqual(['B', 'C']);
  });

  it('reads a catalogue given as a Map or as a Record the same way, own keys only', () => {
    const record = { A: item(), B: item(), constructor: item() };
    const saves = [...savers('u', 2, ['A', 'B']), save('me', 'A')];
    const fromRecord = recommend({ saves, userId: 'me', k: 5, items: record });
    expect(fromRecord).toEqual(recommend({ saves, userId: 'me', k: 5, items: new Map(Object.entries(record)) }));
    expect(fromRecord).toEqual(['B', 'constructor']);
    expect(recommend({ saves, userId: 'me', k: 5, items: { A: item() } })).toEqual([]);
  });
});

describe('recommend: the gender rule', () => {
  const items = {
    SEED: item({ gender: 'Women' }),
    MEN: item({ gender: 'Men' }),
    WOMEN: item({ gender: 'Women' }),
    UNISEX: item({ gender: 'Unisex' }),
    NONE: item({ gender: null }),
    POPULAR_MEN: item({ gender: 'Men' }),
  };
  // MEN is co-saved with SEED far more than WOMEN; POPULAR_MEN is the most popular item.
  const saves = [...savers('m', 4, ['SEED', 'MEN']), ...savers('w', 1, ['SEED', 'WOMEN']), ...savers('p', 8, ['POPULAR_MEN']), ...savers('q', 2, ['UNISEX', 'NONE'])];

  it('a female profile gets Women and Unisex items over Men items, even over stronger co-saves', () => {
    const answer = recommend({ saves: [...saves, save('me', 'SEED')], userId: 'me', k: 10, items, profile: { gender: 'female' } });
    expect(answer.slice(0, 3)).toEqual(['WOMEN', 'NONE', 'UNISEX']);
    // A Men item comes only after every other item, and only with co-save evidence: never the popular fill.
    expect(answer).toEqual(['WOMEN', 'NONE', 'UNISEX', 'MEN']);
  });

  it('a male profile gets Men and Unisex items over Women items', () => {
    const answer = recommend({ saves: [...saves, save('me', 'SEED')], userId: 'me', k: 10, items, profile: { gender: 'male' } });
    expect(answer).toEqual(['MEN', 'POPULAR_MEN', 'NONE', 'UNISEX', 'WOMEN']);
  });

  it.each<RecommendationProfile['gender']>(['other', '', null, undefined])('profile gender %p ranks every gender together', (gender) => {
    // A Unisex seed, so the user's saves lean to no gender either.
    const answer = recommend({ saves: [...saves, save('me', 'SEED')], userId: 'me', k: 10, items: { ...items, SEED: item({ gender: 'Unisex' }) }, profile: { gender } });
    expect(answer[0]).toBe('MEN');
    expect(new Set(answer)).toEqual(new Set(['MEN', 'WOMEN', 'UNISEX', 'NONE', 'POPULAR_MEN']));
  });

  it('without a profile gender, saves that lean to one gender push the other gender down', () => {
    const leaning = {
      W1: item({ gender: 'Women' }),
      W2: item({ gender: 'Women' }),
      WOMEN: item({ gender: 'Women' }),
      MEN: item({ gender: 'Men' }),
    };
    // MEN is the more popular of the two unseen items.
    const data = [...savers('a', 3, ['MEN']), ...savers('b', 2, ['WOMEN']), save('me', 'W1'), save('me', 'W2')];
    expect(recommend({ saves: data, userId: 'me', k: 2, items: leaning })).toEqual(['WOMEN', 'MEN']);
    expect(recommend({ saves: data, userId: 'nobody', k: 2, items: leaning })).toEqual(['MEN', 'WOMEN']);
  });
});

describe('recommend: cold start and fill', () => {
  const items = {
    OLD_HIT: item({ gender: 'Women' }),
    NEW_HIT: item({ gender: 'Women' }),
    MEN_HIT: item({ gender: 'Men' }),
    FAVE: item({ gender: 'Unisex', brand: 'Toteme' }),
    QUIET: item({ gender: 'Women' }),
    SHOES: item({ gender: 'Women', category: 'shoes' }),
  };
  // OLD_HIT has more saves, but long ago; NEW_HIT fewer, recently (recency counts from the newest save, not the clock).
  const saves = [
    ...savers('o', 4, ['OLD_HIT'], 170),
    ...savers('n', 3, ['NEW_HIT'], 200),
    ...savers('m', 9, ['MEN_HIT'], 200),
    save('f', 'FAVE', 200),
    save('s', 'SHOES', 200),
    save('q', 'QUIET', 200),
  ];

  it('a user with no saves gets popular items, recent saves weighing more, in their gender', () => {
    expect(recommend({ saves, userId: 'new', k: 3, items, profile: { gender: 'female' } })).toEqual(['NEW_HIT', 'OLD_HIT', 'FAVE']);
  });

  it('an unknown user without a profile gets the popular items of every gender', () => {
    expect(recommend({ saves, userId: 'new', k: 2, items })).toEqual(['MEN_HIT', 'NEW_HIT']);
  });

  it('favourite brands (any case) and sized categories rise among the popular items', () => {
    const profile: RecommendationProfile = { gender: 'female', favoriteBrands: ['  toteme '], sizes: { womenShoeSize: '38', top: '' } };
    const answer = recommend({ saves, userId: 'new', k: 10, items, profile });
    expect(answer.indexOf('FAVE')).toBeLessThan(answer.indexOf('QUIET'));
    expect(answer.indexOf('SHOES')).toBeLessThan(answer.indexOf('QUIET'));
    expect(answer).not.toContain('MEN_HIT');
  });

  it('sized categories named directly (as profile.updated.v1 carries them) rank as the size fields would', () => {
    const bySizes = recommend({ saves, userId: 'new', k: 10, items, profile: { gender: 'female', sizes: { womenShoeSize: '38' } } });
    expect(recommend({ saves, userId: 'new', k: 10, items, profile: { gender: 'female', sizedCategories: ['shoes'] } })).toEqual(bySizes);
    expect(bySizes).not.toEqual(recommend({ saves, userId: 'new', k: 10, items, profile: { gender: 'female' } }));
  });

  it('when the neighbourhood yields fewer than k, popular items of the user’s gender fill the list', () => {
    // Only QUIET was co-saved with SEED.
    const data = [...saves, ...savers('c', 2, ['SEED', 'QUIET'], 200), save('me', 'SEED', 200)];
    const withSeed = { ...items, SEED: item({ gender: 'Women' }) };
    const answer = recommend({ saves: data, userId: 'me', k: 3, items: withSeed, profile: { gender: 'female' } });
    expect(answer).toEqual(['QUIET', 'NEW_HIT', 'OLD_HIT']);
  });

  it('items nobody saved still fill the list, by id', () => {
    expect(recommend({ saves: [], userId: 'me', k: 3, items: catalogue('c', 'a', 'b', 'd') })).toEqual(['a', 'b', 'c']);
  });
});

describe('recommend: determinism, bounds and odd input', () => {
  const items = catalogue('A', 'B', 'C', 'D', 'E');
  const saves = [...savers('u', 2, ['A', 'B', 'C']), ...savers('v', 2, ['A', 'D']), save('w', 'E'), save('me', 'A')];

  it('is deterministic: the same answer for the same input in any order', () => {
    const first = recommend({ saves, userId: 'me', k: 4, items });
    expect(recommend({ saves: [...saves].reverse(), userId: 'me', k: 4, items })).toEqual(first);
    const shuffled = [...saves].sort((a, b) => (a.userId + a.itemId).split('').reverse().join('').localeCompare((b.userId + b.itemId).split('').reverse().join('')));
    expect(recommend({ saves: shuffled, userId: 'me', k: 4, items: new Map(Object.entries(items).reverse()) })).toEqual(first);
  });

  it('breaks ties by id', () => {
    // B, C and D have the same co-save evidence and the same popularity.
    const tied = [...savers('u', 2, ['A', 'B']), ...savers('v', 2, ['A', 'C']), ...savers('x', 2, ['A', 'D']), save('me', 'A')];
    expect(recommend({ saves: tied, userId: 'me', k: 3, items })).toEqual(['B', 'C', 'D']);
  });

  it('answers at most k, and nothing for k of 0, negative or not a number', () => {
    expect(recommend({ saves, userId: 'me', k: 2, items })).toHaveLength(2);
    expect(recommend({ saves, userId: 'me', k: 2.9, items })).toHaveLength(2);
    expect(recommend({ saves, userId: 'me', k: 100, items })).toHaveLength(4);
    expect(recommend({ saves, userId: 'me', k: Number.POSITIVE_INFINITY, items })).toHaveLength(4);
    for (const k of [0, -3, Number.NaN]) expect(recommend({ saves, userId: 'me', k, items })).toEqual([]);
  });

  it('answers an empty list for empty inputs', () => {
    expect(recommend({ saves: [], userId: 'me', k: 10, items: {} })).toEqual([]);
    expect(recommend({ saves: [], userId: 'me', k: 10, items: new Map() })).toEqual([]);
    expect(recommend({ saves, userId: 'me', k: 10, items: {} })).toEqual([]);
  });

  it('accepts times as ISO strings, epoch numbers and Dates alike, and survives unreadable ones', () => {
    const asNumbers = saves.map((entry) => ({ ...entry, at: Date.parse(entry.at as string) }));
    const asDates = saves.map((entry) => ({ ...entry, at: new Date(entry.at) }));
    const expected = recommend({ saves, userId: 'me', k: 4, items });
    expect(recommend({ saves: asNumbers, userId: 'me', k: 4, items })).toEqual(expected);
    expect(recommend({ saves: asDates, userId: 'me', k: 4, items })).toEqual(expected);
    const broken = saves.map((entry) => ({ ...entry, at: 'not a date' }));
    expect(recommend({ saves: broken, userId: 'me', k: 4, items })).toHaveLength(4);
  });

  it('one built recommender answers many users as recommend() would', () => {
    const recommender = createRecommender({ saves, items });
    for (const userId of ['me', 'u1', 'v2', 'w', 'stranger']) expect(recommender.recommend(userId, 3)).toEqual(recommend({ saves, userId, k: 3, items }));
  });
});

describe('recommend: scale', () => {
  it('handles 100k saves over 20k items within a few seconds per call', () => {
    let state = 7;
    const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 4_294_967_296;
    const items: Record<string, RecommendableItem> = {};
    for (let n = 0; n < 20_000; n += 1) items[`i${n}`] = item({ brand: `b${n % 50}`, gender: ['Women', 'Men', 'Unisex'][n % 3] as string });
    const saves: Save[] = [];
    for (let n = 0; n < 100_000; n += 1) {
      // Zipf-like: low ids are saved far more often.
      const itemNumber = Math.floor(20_000 * Math.pow(next(), 3));
      saves.push({ userId: `u${Math.floor(next() * 8_000)}`, itemId: `i${itemNumber}`, at: T0 + Math.floor(next() * 180) * DAY });
    }
    const started = Date.now();
    const answer = recommend({ saves, userId: 'u1', k: 10, items, profile: { gender: 'female' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toHaveLength(10);
  });
});
