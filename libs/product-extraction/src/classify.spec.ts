import { categoryOf, explicitGender, genderOf, type Evidence } from './classify';

const evidence = (fields: Partial<Evidence>): Evidence => ({ name: null, description: null, genders: [], stated: [], hinted: [], ...fields });

describe('categoryOf', () => {
  it('takes stated evidence over the name', () => {
    expect(categoryOf(evidence({ name: 'Dayzy', stated: ['Home > Women > Shoes > Sneakers'] }))).toBe('shoes');
  });

  it('takes the URL when nothing is stated', () => {
    expect(categoryOf(evidence({ name: 'GDC Zoe', hinted: ['/en/womens-jackets/gdc-zoe-123'] }))).toBe('outerwear');
  });

  it('falls back to the spec scoring, then a model name’s description, then home', () => {
    expect(categoryOf(evidence({ name: 'Slim Fit Jeans' }))).toBe('bottoms');
    expect(categoryOf(evidence({ name: 'Air Max Plus', description: 'Tuned Air cushioning and the Air logo in the heel.' }))).toBe('shoes');
    expect(categoryOf(evidence({ name: 'Riley' }))).toBe('home');
  });

  it('without a name, names a category only from evidence', () => {
    expect(categoryOf(evidence({ stated: ['Bags'] }))).toBe('accessories');
    expect(categoryOf(evidence({ hinted: ['/men/shoes/'] }))).toBe('shoes');
    expect(categoryOf(evidence({}))).toBeUndefined();
  });
});

describe('explicitGender', () => {
  it.each<[string | null, string | null]>([
    ['female', 'Women'],
    ['Women', 'Women'],
    ["Men's", 'Men'],
    ['https://schema.org/Male', 'Men'],
    ['schema:Female', 'Women'],
    ['unisex', 'Unisex'],
    ['UNISEX', 'Unisex'],
    ['kids', null],
    ['adult', null],
    ['M', null],
    [null, null],
  ])('%p → %p', (value, expected) => {
    expect(explicitGender(value)).toBe(expected);
  });
});

describe('genderOf', () => {
  it('takes an explicit field first, skipping ones that name no gender', () => {
    expect(genderOf(evidence({ genders: ['kids', 'female'], stated: ['Men > Shoes'] }))).toBe('Women');
  });

  it('then the stated phrases, then the URL, then the name, then the description', () => {
    expect(genderOf(evidence({ stated: ['Home > Women > Shoes'], hinted: ['/men/'], name: "Men's Tee" }))).toBe('Women');
    expect(genderOf(evidence({ hinted: ['/mens/jackets/gdc-zoe'], name: "Women's Tee" }))).toBe('Men');
    expect(genderOf(evidence({ name: "Women's Dayzy Sneaker", description: 'For men.' }))).toBe('Women');
    expect(genderOf(evidence({ name: 'Dayzy', description: 'Our best-selling ladies sneaker.' }))).toBe('Women');
  });

  it('gives no answer at a level whose phrases disagree, and goes on to the next', () => {
    expect(genderOf(evidence({ stated: ['Women > Shoes', 'Men > Shoes'], hinted: ['/women/shoes'] }))).toBe('Women');
    expect(genderOf(evidence({ stated: ['Women', 'Men'] }))).toBeUndefined();
  });

  it('is undefined without evidence', () => {
    expect(genderOf(evidence({ name: 'Dayzy', description: 'Upper: man-made materials.' }))).toBeUndefined();
  });
});
