import { extractProduct } from '../src';
import { fixtureCases as cases, fixturePage as page } from './fixture-cases';

describe('fixture pages', () => {
  it('has at least twenty pages, each used once', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.map((c) => c.file)).size).toBe(cases.length);
  });

  describe.each(cases)('$file', ({ file, url, expected, confidence }) => {
    it('reads what a shopper reads on the page', () => {
      const { confidence: score, ...product } = extractProduct(page(file), url);
      expect(product).toEqual(expected);
      expect(score).toBeGreaterThanOrEqual(confidence[0]);
      expect(score).toBeLessThanOrEqual(confidence[1]);
    });
  });
});
