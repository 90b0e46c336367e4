import type { CategoryId } from './categories';
import { CATEGORY_AMBIGUITY_RATIO, CATEGORY_SCORE, inferCategory, MIN_CATEGORY_SCORE, tokenise } from './infer-category';

const zero = { home: 0, shoes: 0, bottoms: 0, tops: 0, outerwear: 0, accessories: 0 };
const scoresOf = (name: string, description?: string) => inferCategory({ name, description }).scores;

describe('the spec §4 constants', () => {
  it('are the documented numbers', () => {
    expect(CATEGORY_SCORE).toEqual({ exactName: 20, wordInName: 15, nameStartsWith: 5, wordInDescription: 2, secondaryInName: 3, secondaryInDescription: 0.5 });
    expect(MIN_CATEGORY_SCORE).toBe(3);
    expect(CATEGORY_AMBIGUITY_RATIO).toBe(1.5);
  });
});

describe('tokenise', () => {
  it('lower-cases, splits on non-letters and drops digits, apostrophes, accents and HTML tags', () => {
    expect(tokenise("Levi's 501® Original-Fit JEANS")).toEqual(['levis', 'original', 'fit', 'jeans']);
    expect(tokenise('<p>Soft <b>café</b> T-shirt</p>')).toEqual(['soft', 'cafe', 't', 'shirt']);
    expect(tokenise('  ')).toEqual([]);
  });
});

describe('scoring rules, one at a time', () => {
  it('exact name match: the whole name is the keyword scores 20 (plus 5, since it also starts the name)', () => {
    expect(scoresOf('Jeans')).toEqual({ ...zero, bottoms: 25 });
    expect(scoresOf('  T-SHIRT ')).toEqual({ ...zero, tops: 25 });
  });

  it('a keyword as a word in the name scores 15', () => {
    expect(scoresOf('Slim Fit Jeans')).toEqual({ ...zero, bottoms: 15 });
  });

  it('the name starting with the keyword adds 5', () => {
    expect(scoresOf('Jeans Slim Fit')).toEqual({ ...zero, bottoms: 20 });
    expect(scoresOf('Slim Jeans Fit')).toEqual({ ...zero, bottoms: 15 });
  });

  it('a keyword in the description scores 2', () => {
    expect(scoresOf('Model 501', 'Classic jeans.')).toEqual({ ...zero, bottoms: 2 });
  });

  it('a secondary term scores 3 in the name and 0.5 in the description, with no exact or starts-with bonus', () => {
    expect(scoresOf('Denim')).toEqual({ ...zero, bottoms: 3 });
    expect(scoresOf('Denim Classic')).toEqual({ ...zero, bottoms: 3 });
    expect(scoresOf('Classic', 'Washed denim.')).toEqual({ ...zero, bottoms: 0.5 });
  });

  it('a term found in the name and the description scores for both', () => {
    expect(scoresOf('Slim Jeans', 'Our slimmest jeans, in stretch denim.')).toEqual({ ...zero, bottoms: 15 + 2 + 0.5 });
  });

  it('a term counts once per field however often it appears', () => {
    expect(scoresOf('Jeans Jeans')).toEqual({ ...zero, bottoms: 20 });
    expect(scoresOf('Item', 'Jeans, jeans and more jeans.')).toEqual({ ...zero, bottoms: 2 });
  });

  it('different keywords of one category add up', () => {
    expect(scoresOf('Chino Shorts')).toEqual({ ...zero, bottoms: 15 + 5 + 15 });
    expect(scoresOf('Quilted Puffer Jacket')).toEqual({ ...zero, outerwear: 3 + 15 + 15 });
  });
});

describe('garments real shop names use (issue 21)', () => {
  it.each([
    ['Mesh Singlet', 'tops'],
    ['Velvet Hairband', 'accessories'],
    ['Hair Elastics 3 Pack', 'accessories'],
    ['Claw Clip', 'accessories'],
    ['Zip Hood', 'tops'],
    ['Canvas Hi-Tops', 'shoes'],
    ['Chuck 70 High Top', 'shoes'],
    ['Retro Tracksuit', 'tops'],
    ['Tracksuit Bottoms', 'bottoms'],
    ['Tracksuit Jacket', 'outerwear'],
    ['Cord Overshirt', 'tops'],
    ['Classic Shacket', 'tops'],
    ['Utility Overshirt Jacket', 'outerwear'],
    ['Dayzy Platform Sneaker', 'shoes'],
    ['Running Short', 'bottoms'],
    ['Linen Short in Navy', 'bottoms'],
    ['Boxer Short 3 Pack', 'bottoms'],
    ['Fleece Jogger', 'bottoms'],
    ['Sheer 20 Denier Tights', 'accessories'],
    ['Wool Kilt', 'bottoms'],
    ['Printed Sarong', 'bottoms'],
    ['Embroidered Kaftan', 'tops'],
    ['Cord Pinafore', 'tops'],
    ['Ribbed Snood', 'accessories'],
    ['Knitted Balaclava', 'accessories'],
    ['Sun Visor', 'accessories'],
    ['Festival Wellies', 'shoes'],
  ] as const)('"%s" is %s', (name, category) => {
    expect(inferCategory({ name, description: '' }).category).toBe(category);
  });

  it('keeps the confusions away: a jacket described as an overshirt, a parka with a hood, a hood on a top', () => {
    expect(inferCategory({ name: 'Cord Jacket', description: 'A relaxed overshirt in cord.' }).category).toBe('outerwear');
    expect(inferCategory({ name: 'Parka with Hood', description: 'A parka with a hood.' }).category).toBe('outerwear');
    expect(inferCategory({ name: 'Cropped Tank Top', description: '' }).category).toBe('tops');
  });

  it('reads a singular "short" as shorts only when it describes nothing after it', () => {
    expect(inferCategory({ name: 'Short', description: '' }).category).toBe('bottoms');
    expect(inferCategory({ name: 'Short Dress', description: '' }).category).toBe('tops');
    expect(inferCategory({ name: 'Short Black Dress', description: '' }).category).toBe('tops');
    expect(inferCategory({ name: 'Short Sleeve Tee', description: '' }).category).toBe('tops');
    expect(inferCategory({ name: 'Cotton Short Sleeve Tee', description: '' }).category).toBe('tops');
    expect(inferCategory({ name: 'Short Wool Coat', description: '' }).category).toBe('outerwear');
    expect(inferCategory({ name: 'Short Puffer Jacket', description: '' }).category).toBe('outerwear');
    expect(inferCategory({ name: 'Short Sock', description: '' }).category).toBe('accessories');
    // In a description "short" is a length, never a garment.
    expect(scoresOf('Tee', 'A short, boxy fit.')).toEqual({ ...zero, tops: 25 });
  });
});

describe('phrases and plurals', () => {
  it('matches a multi-word term as one phrase whose words are not scored again', () => {
    expect(scoresOf('Tank Top')).toEqual({ ...zero, tops: 25 });
    expect(scoresOf('Ribbed Tank Top')).toEqual({ ...zero, tops: 3 + 15 });
    expect(scoresOf('Wool Trench Coat')).toEqual({ ...zero, outerwear: 15 });
  });

  it('lets a phrase take its words away from another category', () => {
    expect(scoresOf('Top Handle Bag')).toEqual({ ...zero, accessories: 3 + 15 });
    expect(scoresOf('Jean Jacket')).toEqual({ ...zero, outerwear: 25 });
    expect(scoresOf('Dress Shoes')).toEqual({ ...zero, shoes: 25 });
    expect(scoresOf('Boot Cut Jeans')).toEqual({ ...zero, bottoms: 3 + 15 });
  });

  it('needs the words of a phrase next to each other and in order', () => {
    expect(scoresOf('Top Tank')).toEqual({ ...zero, tops: 15 + 5 + 15 });
  });

  it('neutral phrases score nothing and hide their words', () => {
    expect(scoresOf('Tie-Dye Hoodie')).toEqual({ ...zero, tops: 15 });
    expect(scoresOf('Hoodie', 'Top quality fleece.')).toEqual({ ...zero, tops: 25, outerwear: 0.5 });
  });

  it('accepts a plural of the last word: +s, +es after s/x/z/ch/sh, consonant+y → ies', () => {
    expect(scoresOf('Boots')).toEqual({ ...zero, shoes: 25 });
    expect(scoresOf('Dresses')).toEqual({ ...zero, tops: 25 });
    expect(scoresOf('Watches')).toEqual({ ...zero, accessories: 25 });
    expect(scoresOf('Accessories')).toEqual({ ...zero, accessories: 25 });
    expect(scoresOf('Tank Tops')).toEqual({ ...zero, tops: 25 });
  });

  it('does not stretch words: no plural inside a phrase, no prefixes, plural-only nouns stay plural', () => {
    expect(scoresOf('Tanks Top')).toEqual({ ...zero, tops: 15 + 5 + 15 });
    expect(scoresOf('Jeanswear')).toEqual(zero);
    expect(scoresOf('Short Sleeve Tee')).toEqual({ ...zero, tops: 3 + 15 });
    expect(scoresOf('Capes')).toEqual({ ...zero, outerwear: 25 });
    expect(scoresOf('Caps')).toEqual({ ...zero, accessories: 25 });
  });
});

describe('deciding the category', () => {
  it('no keyword at all → home (weak)', () => {
    expect(inferCategory({ name: 'Nike Air Max 90' })).toEqual({ category: 'home', reason: 'weak', scores: zero });
    expect(inferCategory({ name: null, description: null })).toEqual({ category: 'home', reason: 'weak', scores: zero });
  });

  it('top score under 3 → home; exactly 3 is enough', () => {
    expect(inferCategory({ name: 'Model 501', description: 'Slim jeans in washed denim.' })).toEqual({
      category: 'home',
      reason: 'weak',
      scores: { ...zero, bottoms: 2.5 },
    });
    expect(inferCategory({ name: 'Denim' })).toEqual({ category: 'bottoms', reason: 'matched', scores: { ...zero, bottoms: 3 } });
  });

  it('runner-up within a factor 1.5 of the top → home (ambiguous)', () => {
    // tops 15 + 5 against accessories 15: 20 < 1.5 × 15 = 22.5
    expect(inferCategory({ name: 'Shirt Bag' })).toEqual({ category: 'home', reason: 'ambiguous', scores: { ...zero, tops: 20, accessories: 15 } });
  });

  it('exactly 1.5 times the runner-up wins; just under does not', () => {
    // tops 3 (secondary in name) against bottoms 2 (keyword in description)
    expect(inferCategory({ name: 'Ribbed', description: 'Goes with jeans.' })).toMatchObject({ category: 'tops', reason: 'matched' });
    // tops 3 against bottoms 2.5: 3 < 3.75
    expect(inferCategory({ name: 'Ribbed', description: 'Goes with denim jeans.' })).toEqual({
      category: 'home',
      reason: 'ambiguous',
      scores: { ...zero, tops: 3, bottoms: 2.5 },
    });
  });

  it('a tie for first is ambiguous', () => {
    expect(inferCategory({ name: 'Knit Denim' })).toEqual({ category: 'home', reason: 'ambiguous', scores: { ...zero, tops: 3, bottoms: 3 } });
  });

  it('home wins outright like any category', () => {
    expect(inferCategory({ name: 'Linen Cushion Cover' })).toEqual({ category: 'home', reason: 'matched', scores: { ...zero, home: 3 + 15 } });
  });

  it('is deterministic', () => {
    const input = { name: 'Leather Crossbody Bag', description: 'Gold-tone chain strap.' };
    expect(inferCategory(input)).toEqual(inferCategory(input));
  });
});

describe('realistic products', () => {
  it.each<[string, string | undefined, CategoryId]>([
    ["Levi's 501 Original Fit Jeans", undefined, 'bottoms'],
    ['High Rise Straight Leg Jean', undefined, 'bottoms'],
    ['Pleated Wide Leg Trousers', undefined, 'bottoms'],
    ['Satin Midi Skirt', undefined, 'bottoms'],
    ['Relaxed Cargo Pants', undefined, 'bottoms'],
    ['Nike Air Max 90', 'The running shoe that started it all, with visible Air cushioning. Low-top sneakers with a leather and mesh upper.', 'shoes'],
    ['adidas Samba OG', 'Indoor football trainers turned street classic: suede overlays, gum rubber sole. Unisex shoes.', 'shoes'],
    ['Leather Chelsea Boots', undefined, 'shoes'],
    ['Block Heel Sandals', undefined, 'shoes'],
    ['Suede Penny Loafers', undefined, 'shoes'],
    ['Cable Knit Cardigan', undefined, 'tops'],
    ['Classic Cotton Crew Neck T-Shirt', undefined, 'tops'],
    ['Relaxed Fit Oxford Button-Down Shirt', undefined, 'tops'],
    ['Silk Slip Dress', undefined, 'tops'],
    ['Heavyweight Zip Hoodie', 'Brushed-back fleece with a drawstring hood.', 'tops'],
    ['Quilted Puffer Jacket', undefined, 'outerwear'],
    ['Wool Blend Trench Coat', undefined, 'outerwear'],
    ['Oversized Denim Jacket', undefined, 'outerwear'],
    ['Single Breasted Blazer', undefined, 'outerwear'],
    ['Waterproof Hooded Parka', undefined, 'outerwear'],
    ['Leather Crossbody Bag', undefined, 'accessories'],
    ['Gold Hoop Earrings', undefined, 'accessories'],
    ['Aviator Sunglasses', undefined, 'accessories'],
    ['Ribbed Wool Beanie', undefined, 'accessories'],
    ['Reversible Leather Belt', undefined, 'accessories'],
    ['Linen Cushion Cover', undefined, 'home'],
    ['Scented Soy Candle', undefined, 'home'],
    ['Stoneware Mug', undefined, 'home'],
    ['Chunky Knit Throw', undefined, 'home'],
    ['Waffle Bath Towels', undefined, 'home'],
    ['Gift Card', undefined, 'home'],
  ])('%s → %s', (name, description, expected) => {
    expect(inferCategory({ name, description }).category).toBe(expected);
  });
});
