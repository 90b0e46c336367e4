import { CONFUSABLE_GARMENT_WORDS, GARMENT_TYPES, GARMENT_VOCABULARY, garmentLineage } from './garments';
import { correctTypo, parseSearchQuery, withoutGenderWords } from './parse-search-query';
import { productTags } from './product-tags';
import { PhraseVocabulary, singularForms, queryWords } from './words';

const parts = (query: string) => {
  const { genders, garments, categories, colours, words } = parseSearchQuery(query);
  return { genders, garments, categories, colours, words };
};

describe('parseSearchQuery', () => {
  describe('gender words become a constraint, not text', () => {
    it.each(['women', 'womens', "women's", 'Women’s', 'ladies', 'lady', 'female', 'woman'])('"%s jeans" asks for women\'s and unisex jeans', (word) => {
      expect(parts(`${word} jeans`)).toEqual({ genders: ['Women', 'Unisex'], garments: ['jeans'], categories: [], colours: [], words: [] });
    });
    it.each(['men', 'mens', "men's", 'male', 'man'])('"%s jacket" asks for men\'s and unisex jackets', (word) => {
      expect(parts(`${word} jacket`)).toMatchObject({ genders: ['Men', 'Unisex'], garments: ['jackets'], words: [] });
    });
    it('"unisex" asks for unisex items only; two genders ask for any', () => {
      expect(parts('unisex hoodie').genders).toEqual(['Unisex']);
      expect(parts('men women sneakers').genders).toEqual([]);
    });
    it('names the gender asked for, for ranking', () => {
      expect(parseSearchQuery('womens sneakers').gender).toBe('Women');
      expect(parseSearchQuery('sneakers').gender).toBeNull();
    });
  });

  describe('garment words map to the garment type', () => {
    it.each([
      ['sneaker', 'sneakers'], ['sneakers', 'sneakers'], ['trainers', 'sneakers'], ['kicks', 'sneakers'], ['running shoes', 'sneakers'],
      ['short', 'shorts'], ['shorts', 'shorts'], ['t-shirt', 't-shirt'], ['tshirt', 't-shirt'], ['t shirt', 't-shirt'], ['tee', 't-shirt'],
      ['tees', 't-shirt'], ['T-Shirts', 't-shirt'], ['jumper', 'sweater'], ['pullover', 'sweater'], ['hoodies', 'hoodie'], ['hoody', 'hoodie'],
      ['dresses', 'dress'], ['trousers', 'trousers'], ['pants', 'trousers'], ['jeans', 'jeans'], ['jean', 'jeans'], ['capes', 'cape'],
      ['chelsea boots', 'chelsea-boots'], ['boots', 'boots'], ['rucksack', 'backpack'], ['purse', 'bag'], ['sunnies', 'sunglasses'],
      ['tank top', 'tank-top'], ['vest top', 'tank-top'], ['sweatpants', 'joggers'], ['track pants', 'joggers'], ['flip flops', 'sandals'],
    ])('"%s" is %s', (query, garment) => {
      expect(parts(query)).toMatchObject({ garments: [garment], words: [] });
    });
    it('category words ask for the whole category', () => {
      expect(parts('mens shoes')).toMatchObject({ genders: ['Men', 'Unisex'], garments: [], categories: ['shoes'] });
      expect(parts('tops')).toMatchObject({ categories: ['tops'] });
      expect(parts('accessories').categories).toEqual(['accessories']);
    });
    it('a narrower kind before a wider one is the one wanted', () => {
      expect(parts('beanie hat').garments).toEqual(['beanie']);
      expect(parts('raincoat').garments).toEqual(['rain-jacket']);
      expect(parts('tracksuit bottoms').garments).toEqual(['joggers']);
      expect(parts('overshirt').garments).toEqual(['overshirt']);
    });
    it('the last garment is the one wanted; earlier ones describe it', () => {
      expect(parts('shirt dress')).toMatchObject({ garments: ['dress'] });
      expect(parts('sweater vest').garments).toEqual(['sweater']);
      expect(parts('hoodie jacket').garments).toEqual(['jackets']);
      expect(parts('shirt jacket').garments).toEqual(['overshirt']);
      expect(parts('bikini top').garments).toEqual(['bikini']);
      expect(parts('knit top')).toMatchObject({ categories: ['tops'], words: ['knit'] });
    });
    it('garments joined by "and" or "or" are each wanted', () => {
      expect(parts('jeans and tees').garments).toEqual(['jeans', 't-shirt']);
      expect(parts('skirt or shorts').garments).toEqual(['skirt', 'shorts']);
    });
    it('phrases that hold a garment word without naming one are not garments', () => {
      expect(parts('short sleeve shirt')).toMatchObject({ garments: ['shirt'], words: ['short', 'sleeve'] });
      expect(parts('tie dye hoodie').garments).toEqual(['hoodie']);
      expect(parts('bootcut jeans').garments).toEqual(['jeans']);
    });
  });

  describe('colour words match the colour', () => {
    it('a family or a shade', () => {
      expect(parts('blue jeans')).toMatchObject({ garments: ['jeans'], colours: ['blue'], words: [] });
      expect(parts('navy blazer')).toMatchObject({ garments: ['blazer'], colours: ['navy'] });
      expect(parts('navy blue blazer').colours).toEqual(['navy']);
      expect(parts('light blue shirt').colours).toEqual(['blue']);
      expect(parts('grey hoodie').colours).toEqual(['grey']);
      expect(parts('gray hoodie').colours).toEqual(['grey']);
      expect(parts('khaki chinos')).toMatchObject({ colours: ['khaki'], garments: ['chinos'] });
    });
    it('reads a word that is often not a colour as one only right before a garment or a colour', () => {
      expect(parts('stone chinos')).toMatchObject({ colours: ['stone'], garments: ['chinos'] });
      expect(parts('stone island jacket')).toMatchObject({ colours: [], garments: ['jackets'], words: ['stone', 'island'] });
      expect(parts('rose gold ring').colours).toEqual(['rose']);
      expect(parts('rose print dress')).toMatchObject({ colours: [], words: ['rose', 'print'] });
    });
    it('gender, colour and garment together', () => {
      expect(parts("men's white sneakers")).toEqual({ genders: ['Men', 'Unisex'], garments: ['sneakers'], categories: [], colours: ['white'], words: [] });
      expect(parts('womens black ankle boots')).toMatchObject({ genders: ['Women', 'Unisex'], garments: ['ankle-boots'], colours: ['black'] });
    });
  });

  describe('material, style and everything else is text', () => {
    it('materials stay text beside the garment, also inside a garment phrase', () => {
      expect(parseSearchQuery('linen shirt')).toMatchObject({ garments: ['shirt'], words: ['linen'], materials: ['linen'] });
      expect(parseSearchQuery('ribbed tank top')).toMatchObject({ garments: ['tank-top'], materials: ['ribbed'] });
      expect(parseSearchQuery('leather jacket')).toMatchObject({ garments: ['jackets'], words: ['leather'] });
      expect(parseSearchQuery('denim skirt')).toMatchObject({ garments: ['skirt'], words: ['denim'] });
    });
    it('words no vocabulary knows are text, stop words dropped', () => {
      expect(parts('the nike air max')).toEqual({ genders: [], garments: [], categories: [], colours: [], words: ['nike', 'air', 'max'] });
    });
    it('marks the last text word as a prefix while it is being typed', () => {
      expect(parseSearchQuery('lin').lastWordIsPrefix).toBe(true);
      expect(parseSearchQuery('women lin')).toMatchObject({ words: ['lin'], lastWordIsPrefix: true });
      expect(parseSearchQuery('lin ').lastWordIsPrefix).toBe(false);
      expect(parseSearchQuery('linen shirt').lastWordIsPrefix).toBe(false);
    });
    it('says whether the query holds a constraint', () => {
      expect(parseSearchQuery('linen').constrained).toBe(false);
      expect(parseSearchQuery('women linen').constrained).toBe(true);
      expect(parseSearchQuery('').constrained).toBe(false);
    });
  });

  describe('typos', () => {
    it.each([
      ['jaket', 'jackets'], ['sneekers', 'sneakers'], ['shrit', 'shirt'], ['skrit', 'skirt'], ['hoddie', 'hoodie'], ['jakets', 'jackets'],
      ['sandels', 'sandals'], ['cardigen', 'cardigan'], ['blazzer', 'blazer'], ['jeens', 'jeans'], ['jeanss', 'jeans'], ['hoodei', 'hoodie'],
    ])('"%s" is read as %s', (query, garment) => {
      expect(parts(query).garments).toEqual([garment]);
    });
    it('corrects gender and colour words too', () => {
      expect(parts('wommen jeans').genders).toEqual(['Women', 'Unisex']);
      expect(parts('burgandy dress').colours).toEqual(['burgundy']);
    });
    it('never turns one garment word into another (edit distance 1 on known words)', () => {
      for (const [a, b] of CONFUSABLE_GARMENT_WORDS) {
        const readA = parts(a);
        const readB = parts(b);
        // Each is read as itself (or as text), never as the other.
        if (readA.garments.length > 0 && readB.garments.length > 0) expect(readA.garments).not.toEqual(readB.garments);
        expect(correctTypo(a)).toBeNull();
      }
      expect(parts('shirt').garments).toEqual(['shirt']);
      expect(parts('skirt').garments).toEqual(['skirt']);
      expect(parts('shift dress').garments).toEqual(['dress']);
      expect(parts('shift').garments).toEqual([]);
    });
    it('leaves short words, materials and ambiguous words alone', () => {
      expect(correctTypo('coat')).toBeNull();
      expect(correctTypo('boat')).toBeNull();
      expect(correctTypo('linen')).toBeNull();
      expect(correctTypo('linnen')).toBeNull();
      expect(correctTypo('nike')).toBeNull();
      expect(correctTypo('puma')).toBeNull();
    });
    it('reads a 4-letter word as a longer word it misses a letter of', () => {
      expect(parts('blak boots').colours).toEqual(['black']);
      expect(parts('gren dress').colours).toEqual(['green']);
    });
  });
});

describe('withoutGenderWords', () => {
  it('drops the gender words a name would not hold, unless nothing else is left', () => {
    expect(withoutGenderWords("women's jea")).toBe('jea');
    expect(withoutGenderWords('mens white snea')).toBe('white snea');
    expect(withoutGenderWords('Linen Sh')).toBe('Linen Sh');
    expect(withoutGenderWords('women')).toBe('women');
  });
});

describe('productTags', () => {
  const tags = (name: string, category: string, description = '', colour: string | null = null) => productTags({ name, brand: 'Acme', description, category, colour, gender: 'Unisex' });

  it('reads the garment from the last garment word of the name, of its category', () => {
    expect(tags('Relaxed Linen Shirt', 'tops').garments).toEqual(['shirt']);
    expect(tags('Fleece Hoodie Jacket', 'outerwear').garments).toEqual(['jackets']);
    expect(tags('Tee Dress', 'tops').garments).toEqual(['dress']);
    expect(tags('Sneaker Socks', 'accessories').garments).toEqual(['socks']);
    expect(tags('Pace Breaker Lined Shorts', 'bottoms').garments).toEqual(['shorts']);
    expect(tags('Linen Dress with Belt', 'tops').garments).toEqual(['dress']);
    expect(tags('Short Sleeve Tee', 'tops').garments).toEqual(['t-shirt']);
  });
  it('takes a kind before a wider kind of it, and a narrower kind from the description when the name names a wide one', () => {
    expect(tags('ASOS DESIGN ribbed beanie hat', 'accessories').garments).toEqual(['beanie', 'hat']);
    expect(tags('Windrunner Jacket', 'outerwear', 'A packable windbreaker for showers.').garments).toEqual(['rain-jacket', 'jackets']);
    expect(tags('Denim Jacket', 'outerwear', 'Wear it over a hoodie.').garments).toEqual(['jackets']);
    expect(tags('Cord Overshirt', 'outerwear').garments).toEqual(['overshirt', 'shirt']);
  });
  it('reads the name without the brand in it', () => {
    expect(productTags({ name: 'Tommy Jeans Oversized Hoody', brand: 'Tommy Jeans', description: '', category: 'bottoms', colour: null, gender: 'Unisex' }).garments).toEqual(['hoodie']);
    expect(productTags({ name: 'Slim Jeans', brand: 'Tommy Jeans', description: '', category: 'bottoms', colour: null, gender: 'Unisex' }).garments).toEqual(['jeans']);
  });
  it('reads who an untagged product is for from its name, else its description; a tagged one keeps its gender', () => {
    expect(productTags({ brand: 'Acme', name: "Women's Ultra Stretch Jeans", description: '', category: 'bottoms', colour: null, gender: 'Unisex' }).audience).toBe('Women');
    expect(productTags({ brand: 'Acme', name: 'Ultra Stretch Jeans', description: 'Our best-selling men’s jeans.', category: 'bottoms', colour: null, gender: 'Unisex' }).audience).toBe('Men');
    expect(productTags({ brand: 'Acme', name: 'Court Sneakers', description: "For men's and women's feet.", category: 'shoes', colour: null, gender: 'Unisex' }).audience).toBe('Unisex');
    expect(productTags({ brand: 'Acme', name: "Men's Jeans", description: '', category: 'bottoms', colour: null, gender: 'Women' }).audience).toBe('Women');
  });
  it('tags a garment with its wider kinds', () => {
    expect(tags('Suede Chelsea Boots', 'shoes').garments).toEqual(['chelsea-boots', 'boots']);
    expect(garmentLineage('tote')).toEqual(['tote', 'bag']);
  });
  it('falls back to the first garment of its category in the description', () => {
    expect(tags('501 Original Fit', 'bottoms', 'The original straight jeans, worn with a tee.').garments).toEqual(['jeans']);
    expect(tags('Air Force 1', 'shoes', 'Pair it with jeans; a classic sneaker.').garments).toEqual(['sneakers']);
    expect(tags('Gift Card', 'home').garments).toEqual([]);
  });
  it('reads the colour as stated, else from the name, else the description', () => {
    expect(tags('Linen Shirt', 'tops', 'In black.', 'Navy').colours.sort()).toEqual(['blue', 'navy']);
    expect(tags('Black Slim Jeans', 'bottoms', 'Also in white.').colours).toEqual(['black']);
    expect(tags('Slim Jeans', 'bottoms', '<p>A <b>mid wash</b> denim.</p>').colours).toEqual(['blue']);
    expect(tags('Camel Coat', 'outerwear').colours.sort()).toEqual(['beige', 'brown', 'camel']);
  });
  it('reads words that are often not colours only when stated', () => {
    expect(tags('Stone Cargo Shorts', 'bottoms').colours).toEqual([]);
    expect(tags('Cargo Shorts', 'bottoms', '', 'Stone').colours.sort()).toEqual(['beige', 'stone']);
    expect(tags('Rose Print Dress', 'tops').colours).toEqual([]);
  });
});

describe('the vocabularies', () => {
  it('fold plurals onto singulars, the first one known', () => {
    expect(singularForms('dresses')).toEqual(['dresses', 'dresse', 'dress']);
    expect(singularForms('accessories')).toContain('accessory');
    expect(singularForms('dress')).toEqual(['dress']);
    const vocabulary = new PhraseVocabulary([{ phrases: ['cape', 'cap', 'cycling short'], value: 1 }]);
    expect(vocabulary.known('capes')).toBe('cape');
    expect(vocabulary.lookup(queryWords('cycling shorts'))).toBe(1);
  });
  it('name each garment phrase once, and every parent exists', () => {
    const ids = new Set(GARMENT_TYPES.map((type) => type.id));
    for (const type of GARMENT_TYPES) if (type.parent) expect(ids).toContain(type.parent);
    expect(GARMENT_VOCABULARY.lookup(['jeans'])).toEqual({ kind: 'garment', id: 'jeans' });
  });
});
