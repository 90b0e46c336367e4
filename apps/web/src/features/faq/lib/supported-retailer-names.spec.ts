import { describe, expect, it } from '@jest/globals';
import { SUPPORTED_RETAILERS } from '@closetly/catalogue-rules';
import { supportedRetailerNames } from './supported-retailer-names';

describe('supportedRetailerNames', () => {
  it('names every retailer the catalogue supports, once each', () => {
    const names = supportedRetailerNames();
    expect(new Set(names)).toEqual(new Set(SUPPORTED_RETAILERS.map((retailer) => retailer.name)));
    expect(names).toHaveLength(new Set(names).size);
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it('sorts by the letters, whatever their case and punctuation', () => {
    const retailer = (name: string) => ({ name, hosts: [] });
    expect(supportedRetailerNames(['Zara', '& Other Stories', 'adidas', 'H&M', 'Abercrombie & Fitch', "Macy's", 'MR PORTER', 'Mango', 'Zara'].map(retailer))).toEqual([
      'Abercrombie & Fitch',
      'adidas',
      'H&M',
      "Macy's",
      'Mango',
      'MR PORTER',
      '& Other Stories',
      'Zara',
    ]);
  });
});
