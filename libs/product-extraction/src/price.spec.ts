import { availability, chooseOffer, currencyCode, readAmount } from './price';

describe('readAmount', () => {
  it.each<[unknown, { amount: number; currency: string | null } | null]>([
    [59.99, { amount: 59.99, currency: null }],
    ['59.99', { amount: 59.99, currency: null }],
    ['59', { amount: 59, currency: null }],
    ['$59.99', { amount: 59.99, currency: 'USD' }],
    ['1.299,00', { amount: 1299, currency: null }],
    ['1,299.00', { amount: 1299, currency: null }],
    ['49,95 €', { amount: 49.95, currency: 'EUR' }],
    ['£35', { amount: 35, currency: 'GBP' }],
    ['¥12,900', { amount: 12900, currency: 'JPY' }],
    ['Was $80 Now $59.99', { amount: 59.99, currency: 'USD' }],
    [0, null],
    ['0.00', null],
    [-5, null],
    [Number.NaN, null],
    ['free', null],
    ['', null],
    ['9'.repeat(200), null],
    [null, null],
    [{}, null],
  ])('%p → %p', (value, expected) => {
    expect(readAmount(value)).toEqual(expected);
  });
});

describe('currencyCode', () => {
  it.each<[unknown, string | null]>([
    ['EUR', 'EUR'],
    ['usd', 'USD'],
    [' gbp ', 'GBP'],
    ['€', 'EUR'],
    ['£', 'GBP'],
    ['$', 'USD'],
    ['euro coins', null],
    ['', null],
    [42, null],
  ])('%p → %p', (value, expected) => {
    expect(currencyCode(value)).toBe(expected);
  });
});

describe('availability', () => {
  it.each<[unknown, boolean | null]>([
    ['https://schema.org/InStock', true],
    ['http://schema.org/LimitedAvailability', true],
    ['PreOrder', true],
    ['schema:OutOfStock', false],
    ['https://schema.org/SoldOut', false],
    ['Discontinued', false],
    ['in stock', true],
    [false, false],
    ['maybe', null],
    [undefined, null],
  ])('%p → %p', (value, expected) => {
    expect(availability(value)).toBe(expected);
  });
});

describe('chooseOffer', () => {
  const offer = (amount: number, currency: string | null, available: boolean | null) => ({ amount, currency, available, url: null });

  it('takes the lowest offer in stock', () => {
    expect(chooseOffer([offer(80, 'USD', true), offer(59.99, 'USD', true), offer(40, 'USD', false)])?.amount).toBe(59.99);
  });

  it('counts an offer that does not say as in stock, and takes the lowest of all when none is in stock', () => {
    expect(chooseOffer([offer(80, 'USD', null), offer(70, 'USD', true)])?.amount).toBe(70);
    expect(chooseOffer([offer(80, 'USD', false), offer(70, 'USD', false)])?.amount).toBe(70);
  });

  it('stays in the first stated currency, lending it to offers that state none', () => {
    expect(chooseOffer([offer(60, 'EUR', true), offer(50, 'GBP', true), offer(55, null, true)])).toEqual(offer(55, 'EUR', true));
  });

  it('is null without offers', () => {
    expect(chooseOffer([])).toBeNull();
  });
});
