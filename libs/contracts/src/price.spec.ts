import { formatUsd, parsePrice, PRICE_BAND_LABELS, PRICE_BANDS, priceBand } from './price';

describe('parsePrice', () => {
  it.each<[string, number | string | null | undefined, number | null, string | null]>([
    ['a number', 49.99, 49.99, null],
    ['zero', 0, 0, null],
    ['a negative number', -5, null, null],
    ['NaN', Number.NaN, null, null],
    ['Infinity', Number.POSITIVE_INFINITY, null, null],
    ['null', null, null, null],
    ['undefined', undefined, null, null],
    ['blank text', '   ', null, null],
    ['dollars', '$49.99', 49.99, 'USD'],
    ['dollars with a thousands comma', '$1,299.00', 1299, 'USD'],
    ['an ISO code before', 'USD 1,299.00', 1299, 'USD'],
    ['an ISO code after, lower case', '49.99 usd', 49.99, 'USD'],
    ['pounds', '£30', 30, 'GBP'],
    ['euros with a decimal comma', '€ 12,50', 12.5, 'EUR'],
    ['euros, symbol after', '12,50 €', 12.5, 'EUR'],
    ['European thousands and decimals', '1.299,00 €', 1299, 'EUR'],
    ['a thousands dot', '€1.299', 1299, 'EUR'],
    ['Swiss grouping', "CHF 1'299.50", 1299.5, 'CHF'],
    ['yen', '¥12,000', 12000, 'JPY'],
    ['Canadian dollars', 'C$89.00', 89, 'CAD'],
    ['Australian dollars', 'AU$120', 120, 'AUD'],
    ['US dollars spelled US$', 'US$75', 75, 'USD'],
    ['a marketplace\'s Canadian dollars, the prefix apart', 'C $45.99', 45.99, 'CAD'],
    ['a marketplace\'s Australian dollars, the prefix apart', 'AU $12.00', 12, 'AUD'],
    ['a marketplace\'s US dollars, the prefix apart', 'US $45.99', 45.99, 'USD'],
    ['Mexican pesos', 'MX$499.00', 499, 'MXN'],
    ['the full-width yen sign', '￥3,980', 3980, 'JPY'],
    ['zloty after the amount', '129,99 zł', 129.99, 'PLN'],
    ['koruna after the amount', '899 Kč', 899, 'CZK'],
    ['a word ending in C before a dollar sign is no Canadian mark', 'ABC $5', 5, 'USD'],
    ['no currency mark', '59.99', 59.99, null],
    ['a non-breaking space', 'EUR\u00a012,50', 12.5, 'EUR'],
    ['was / now', 'Was $80 Now $59.99', 59.99, 'USD'],
    ['sale first, former price after', 'Sale: $59.99 (was $80)', 59.99, 'USD'],
    ['regular then sale', 'Regular price $80.00 Sale price $59.99', 59.99, 'USD'],
    ['RRP then our price', 'RRP £100 Our price £75', 75, 'GBP'],
    ['the first current price wins over later numbers', 'Now $59.99 in 3 colours', 59.99, 'USD'],
    ['a price with a currency wins over a bare count after it', '$59.99 in 3 colours', 59.99, 'USD'],
    ['a price with a code after it wins over a bare count before it', 'Pack of 2 for 24.50 EUR', 24.5, 'EUR'],
    ['current price before a former one, no current marker', '$59.99 (was $80)', 59.99, 'USD'],
    ['two unlabelled prices: the last (struck-through price first)', '$80 $59.99', 59.99, 'USD'],
    ['a percentage is not a price', 'Sale 25% off: $59.99', 59.99, 'USD'],
    ['an amount off is not a price', '$59.99 ($20 off)', 59.99, 'USD'],
    ['a saving is not a price', 'Was $80 Save $20 $60', 60, 'USD'],
    ['only a former price', 'Was $80', 80, 'USD'],
    ['a range with a hyphen: the lowest', '59.99 - 79.99', 59.99, null],
    ['a range with an en dash and symbols', '$79.99 – $59.99', 59.99, 'USD'],
    ['a range with "to"', 'From $49 to $99', 49, 'USD'],
    ['a range after a former price', 'Was $120 now $59.99 - $79.99', 59.99, 'USD'],
    ['a currency code glued after', '59.99USD', 59.99, 'USD'],
    ['a currency code glued before', 'EUR49,95', 49.95, 'EUR'],
    ['a local currency word glued after', '299kr', 299, null],
    ['a price above the most any product costs', 2e9, null, null],
    // Issue 7: text a shop would never print is no price, never a guess.
    ['a negative amount in text', '-1', null, null],
    ['a negative amount after the symbol', '$-5', null, null],
    ['a negative amount before the symbol', '-$5.00', null, null],
    ['a negative amount with a Unicode minus', '\u221212.00', null, null],
    ['an exponent that overflows', '1e309', null, null],
    ['an exponent', '1.5E3', null, null],
    ['letters glued to the number', '12abc', null, null],
    ['a hexadecimal number', '0x1F', null, null],
    ['NaN in text', 'NaN', null, null],
    ['Infinity in text', 'Infinity', null, null],
    ['Free', 'Free', null, null],
    ['free in lower case', 'free', null, null],
    ['FREE in a sentence', 'FREE gift', null, null],
    ['an absurd amount in text', '$99,999,999,999', null, null],
    ['garbage', 'Call for price', null, null],
    ['N/A', 'N/A', null, null],
    ['a currency with no number', 'USD', null, null],
    // Issue 22: misreadings the security review found.
    ['decimals with no digit before the point', '.5', 0.5, null],
    ['decimals with no digit before the point, after a symbol', '$.99', 0.99, 'USD'],
    ['decimals with no digit before a decimal comma', '€,50', 0.5, 'EUR'],
    ['three decimals with no digit before the point are decimals, not thousands', '.299', 0.299, null],
    ['two decimal points', '12.00.00', null, null],
    ['two decimal commas', '12,00,00', null, null],
    ['thousands grouped in twos', '$1,2,3.50', null, null],
    ['a doubled point between digits', '12..5', null, null],
    ['a doubled comma between digits', '1,,299', null, null],
    ['a point and a comma together between digits', '12.,5', null, null],
    ['European thousands in threes, twice', '1.299.000 €', 1299000, 'EUR'],
    ['thousands in threes, twice', '$1,299,000', 1299000, 'USD'],
    ['the Indian lakh', '₹1,00,000', 100000, 'INR'],
    ['the Indian lakh with paise', 'Rs 1,49,999.00', 149999, null],
    ['a dot after a word is no decimal point', 'No.5 $120', 120, 'USD'],
    ['a word after a price, apart from it (page text)', '12 abc', 12, null],
  ])('%s: %p → %p %p', (_why, input, amount, currency) => {
    expect(parsePrice(input)).toEqual({ amount, currency });
  });
});

describe('parsePrice, strict (a price field: the save request)', () => {
  it.each<[string, number | string, number, string | null]>([
    ['a number', 49.99, 49.99, null],
    ['dollars', '$49.99', 49.99, 'USD'],
    ['dollars with a thousands comma', '$1,299.00', 1299, 'USD'],
    ['euros with a decimal comma', '€49,95', 49.95, 'EUR'],
    ['European thousands and decimals', '1.299,00', 1299, null],
    ['an ISO code after, as the extension sends it', '49.95 EUR', 49.95, 'EUR'],
    ['an ISO code glued before', 'EUR49,95', 49.95, 'EUR'],
    ['a marketplace\'s Canadian dollars, the prefix apart', 'C $45.99', 45.99, 'CAD'],
    ['koruna after the amount', '899 Kč', 899, 'CZK'],
    ['zloty after the amount', '129,99 zł', 129.99, 'PLN'],
    ['a local currency word glued after', '299kr', 299, null],
    ['Swiss grouping', "CHF 1'299.50", 1299.5, 'CHF'],
    ['was / now', 'Was $80 Now $59.99', 59.99, 'USD'],
    ['sale first, former price after', 'Sale: $59.99 (was $80)', 59.99, 'USD'],
    ['regular then sale', 'Regular price $80.00 Sale price $59.99', 59.99, 'USD'],
    ['compare at', '$59.99 Compare at $80', 59.99, 'USD'],
    ['a range with "to"', 'From $49 to $99', 49, 'USD'],
    ['a range with a hyphen', '59.99 - 79.99', 59.99, null],
    ['a percentage off', 'Sale 25% off: $59.99', 59.99, 'USD'],
    ['decimals with no digit before the point', '.5', 0.5, null],
  ])('reads %s: %p → %p %p', (_why, input, amount, currency) => {
    expect(parsePrice(input, { strict: true })).toEqual({ amount, currency });
    // Whatever the strict reading accepts, page text reads the same.
    expect(parsePrice(input)).toEqual({ amount, currency });
  });

  it.each<[string, string]>([
    ['a word after the amount', '12 abc'],
    ['a word before the amount', 'abc 12'],
    ['a count after the price', '$59.99 in 3 colours'],
    ['a sentence', 'about 40 dollars'],
    ['markup', '<b>12</b>'],
    ['two decimal points', '12.00.00'],
    ['a doubled point between digits', '12..5'],
    ['a well-formed price beside a malformed number', '$5 12.00.00'],
    ['letters glued to the number', '12abc'],
    ['no number', 'Free'],
  ])('refuses %s: %p', (_why, input) => {
    expect(parsePrice(input, { strict: true })).toEqual({ amount: null, currency: null });
  });
});

describe('formatUsd', () => {
  it.each<[number | null | undefined, string]>([
    [1299, '$1,299.00'],
    [49.99, '$49.99'],
    [0, '$0.00'],
    [12.5, '$12.50'],
    [1234567.891, '$1,234,567.89'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('%p → %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });
});

describe('price bands (spec §9, same boundaries as the search index)', () => {
  it.each<[number | null | undefined, string | null]>([
    [0, 'under-50'],
    [49.99, 'under-50'],
    [50, '50-100'],
    [99.99, '50-100'],
    [100, '100-200'],
    [199.99, '100-200'],
    [200, 'over-200'],
    [10_000, 'over-200'],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [-1, null],
  ])('%p → %p', (amount, band) => {
    expect(priceBand(amount)).toBe(band);
  });

  it('labels each band as the spec does', () => {
    expect(PRICE_BAND_LABELS).toEqual({ 'under-50': 'Under $50', '50-100': '$50-$100', '100-200': '$100-$200', 'over-200': 'Over $200' });
    expect(PRICE_BANDS.map((band) => [band.id, band.min, band.max])).toEqual([
      ['under-50', null, 50],
      ['50-100', 50, 100],
      ['100-200', 100, 200],
      ['over-200', 200, null],
    ]);
  });
});
