import { genderFromWords, matchesGenderFilter, normaliseGender, type ProfileGender } from './gender';

describe('normaliseGender', () => {
  it.each<[unknown, string]>([
    ['Women', 'Women'],
    ['women', 'Women'],
    ["WOMEN'S", 'Women'],
    ['Womens', 'Women'],
    ['woman', 'Women'],
    ['Female', 'Women'],
    ['ladies', 'Women'],
    [' F ', 'Women'],
    ['Men', 'Men'],
    ['MEN', 'Men'],
    ["men's", 'Men'],
    ['man', 'Men'],
    ['Male', 'Men'],
    ['gents', 'Men'],
    ['m', 'Men'],
    ['Unisex', 'Unisex'],
    ['unisex', 'Unisex'],
    ['', 'Unisex'],
    ['   ', 'Unisex'],
    [null, 'Unisex'],
    [undefined, 'Unisex'],
    ['kids', 'Unisex'],
    ['womenswear and menswear', 'Unisex'],
    [42, 'Unisex'],
  ])('%p → %s', (value, expected) => {
    expect(normaliseGender(value)).toBe(expected);
  });
});

describe('matchesGenderFilter (spec §2 home rows)', () => {
  const items: Array<[string, unknown]> = [
    ['Women', 'Women'],
    ['Men', 'Men'],
    ['Unisex', 'Unisex'],
    ['unspecified (empty)', ''],
    ['unspecified (missing)', undefined],
    ['unknown', 'kids'],
  ];
  const shown = (profile: ProfileGender | null | undefined) =>
    items.filter(([, gender]) => matchesGenderFilter(gender, profile)).map(([label]) => label);

  it('male shows Men plus Unisex or unspecified', () => {
    expect(shown('male')).toEqual(['Men', 'Unisex', 'unspecified (empty)', 'unspecified (missing)', 'unknown']);
  });

  it('female shows Women plus Unisex or unspecified', () => {
    expect(shown('female')).toEqual(['Women', 'Unisex', 'unspecified (empty)', 'unspecified (missing)', 'unknown']);
  });

  it.each<ProfileGender | null | undefined>(['other', '', null, undefined])('%p shows all', (profile) => {
    expect(shown(profile)).toHaveLength(items.length);
  });

  it('reads item gender synonyms', () => {
    expect(matchesGenderFilter('female', 'male')).toBe(false);
    expect(matchesGenderFilter("Men's", 'female')).toBe(false);
    expect(matchesGenderFilter("Men's", 'male')).toBe(true);
  });
});

describe('genderFromWords', () => {
  it.each<[string | null | undefined, string | null]>([
    ['Home > Women > Shoes', 'Women'],
    ["Women's Jackets & Coats", 'Women'],
    ['/en-gb/womens-shoes/dayzy-123', 'Women'],
    ['LADIES', 'Women'],
    ['Womenswear', 'Women'],
    ['/mens/jackets/', 'Men'],
    ["Men's Air Max Plus", 'Men'],
    ['woman-jackets-l1114', 'Women'],
    ['MAN / JACKETS', 'Men'],
    ['Menswear', 'Men'],
    ['Tommy Hilfiger Herren Pullover aus Baumwolle', 'Men'],
    ['Damen > Bekleidung > Röcke', 'Women'],
    ['Chemise en lin Homme', 'Men'],
    ['Vestido midi para mujer', 'Women'],
    ['Camicia Uomo in lino', 'Men'],
    ['Donna Karan wrap dress', null],
    ['Unisex Crew Socks', 'Unisex'],
    ["Men's & Women's", null],
    ['Upper: leather and man-made materials', null],
    ['/m/jackets/', null],
    ['Size S / M / L', null],
    ['Sneakers', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (text, expected) => {
    expect(genderFromWords(text)).toBe(expected);
  });
});
