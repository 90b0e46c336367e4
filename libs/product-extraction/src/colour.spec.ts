import { colourOf, MAX_COLOUR } from './colour';

describe('colourOf', () => {
  it('keeps a stated colour, whitespace collapsed and entities decoded', () => {
    expect(colourOf(['  Navy '])).toBe('Navy');
    expect(colourOf(['Mid\n  Wash\tBlue'])).toBe('Mid Wash Blue');
    expect(colourOf(['Black &amp; White'])).toBe('Black & White');
    expect(colourOf(['Cr&egrave;me'])).toBe('Crème');
    expect(colourOf(['<b>Ecru</b>'])).toBe('Ecru');
  });

  it('joins distinct values with " / ", without case, in the page’s order', () => {
    expect(colourOf(['Black', 'White', 'black', 'BLACK'])).toBe('Black / White');
    expect(colourOf(['Navy', 'Navy'])).toBe('Navy');
  });

  it('is null for nothing, blanks and values that are clearly not colours', () => {
    expect(colourOf([])).toBeNull();
    for (const value of ['', '   ', '&nbsp;', '001', '12-34', 'https://shop.example.com/navy', '//cdn.example/swatch.png', 'www.example.com', '#1a2b3c', 'N/A', 'none', 'Select a colour', 'Choose Color']) {
      expect(colourOf([value])).toBeNull();
    }
    expect(colourOf([null, undefined, 42, { name: 'Navy' }])).toBeNull();
  });

  it('drops a sentence put in the colour field', () => {
    expect(colourOf(['This shirt is made from the finest Egyptian cotton and comes in many shades'])).toBeNull();
    expect(colourOf(['This shirt is made from the finest Egyptian cotton and comes in many shades', 'Olive'])).toBe('Olive');
  });

  it('keeps at most 60 characters: values that do not fit are left out, a long one is cut after a word', () => {
    expect(MAX_COLOUR).toBe(60);
    const many = colourOf(['Heather Grey', 'Navy Stripe', 'Washed Black', 'Burnt Orange', 'Forest Green', 'Sand']);
    expect(many).toBe('Heather Grey / Navy Stripe / Washed Black / Burnt Orange');
    expect(many?.length).toBeLessThanOrEqual(60);
    const long = colourOf(['Supercalifragilistic Ultramarine Cerulean Heathered Marl Blue']);
    expect(long).toBe('Supercalifragilistic Ultramarine Cerulean Heathered Marl');
    expect(colourOf(['A'.repeat(80)])).toBe('A'.repeat(60));
  });
});
