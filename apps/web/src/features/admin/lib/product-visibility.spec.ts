import { describe, expect, it } from '@jest/globals';
import { hiddenChangeNotice, visibilityText } from './product-visibility';

describe('where the product dialog says a product shows', () => {
  it('says shown only for a listed product nobody hid', () => {
    expect(visibilityText({ listed: true, hidden: false })).toBe('Shown in public lists.');
  });

  it('says an administrator hid a hidden product', () => {
    expect(visibilityText({ listed: true, hidden: true })).toBe('Hidden from every public list by an administrator.');
  });

  it('says a product not listed yet is not in public lists, and why', () => {
    const text = visibilityText({ listed: false, hidden: false });
    expect(text).toMatch(/^Not yet in public lists\. /);
    expect(text).toContain('supported retailer');
    expect(text).toContain('two confirmed savers agree on its name and brand');
    expect(text).not.toContain('Shown');
  });

  it('names both for a hidden product that is not listed either', () => {
    const text = visibilityText({ listed: false, hidden: true });
    expect(text).toMatch(/^Hidden from every public list by an administrator, and not yet listed\. /);
    expect(text).toContain('two confirmed savers');
  });

  it('after Show Product, promises public lists only to a listed product', () => {
    expect(hiddenChangeNotice({ listed: true, hidden: false })).toBe('Shown in lists again.');
    expect(hiddenChangeNotice({ listed: false, hidden: false })).toBe('No longer hidden. It shows in public lists once it is listed.');
    expect(hiddenChangeNotice({ listed: false, hidden: true })).toBe('Hidden from every list.');
  });
});
