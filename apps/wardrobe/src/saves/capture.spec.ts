import type { ItemInput } from '@closetly/contracts';
import { capture } from '@closetly/testing';
import { captureFrom, sameCapture } from './capture';

/** A save as the web app or the extension sends it, after the request schema. */
function item(overrides: Partial<ItemInput> = {}): ItemInput {
  return { name: 'Cable Knit Jumper', brand: 'COS', price: 89, sourceUrl: 'https://boutique.example/p/cable-knit', ...overrides };
}

describe('captureFrom', () => {
  it('reads a price number as the amount, with no currency and no text', () => {
    expect(captureFrom(item({ price: 49.5 }))).toMatchObject({ price: 49.5, currency: null, priceText: null });
  });

  it('reads price text, and keeps the text as the shop wrote it', () => {
    expect(captureFrom(item({ price: 'Was $80 Now $59.99' }))).toMatchObject({ price: 59.99, currency: 'USD', priceText: 'Was $80 Now $59.99' });
    expect(captureFrom(item({ price: '€49,95' }))).toMatchObject({ price: 49.95, currency: 'EUR', priceText: '€49,95' });
  });

  it('keeps name, brand and the trimmed description', () => {
    expect(captureFrom(item({ description: '  Soft wool.  ' }))).toMatchObject({ name: 'Cable Knit Jumper', brand: 'COS', description: 'Soft wool.' });
    expect(captureFrom(item()).description).toBe('');
  });

  it('keeps the stated colour; none when blank or not sent', () => {
    expect(captureFrom(item({ colour: 'Navy' })).colour).toBe('Navy');
    expect(captureFrom(item({ colour: '' })).colour).toBeNull();
    expect(captureFrom(item()).colour).toBeNull();
  });

  describe('image', () => {
    it('comes from imageUrl, else from image', () => {
      expect(captureFrom(item({ imageUrl: 'https://images.example/main.jpg', image: 'https://images.example/other.jpg' })).imageUrl).toBe('https://images.example/main.jpg');
      expect(captureFrom(item({ image: 'https://images.example/other.jpg' })).imageUrl).toBe('https://images.example/other.jpg');
    });

    it('comes from image when imageUrl is blank or not a web link', () => {
      expect(captureFrom(item({ imageUrl: '', image: 'https://images.example/other.jpg' })).imageUrl).toBe('https://images.example/other.jpg');
      expect(captureFrom(item({ imageUrl: 'data:image/png;base64,AAAA', image: 'https://images.example/other.jpg' })).imageUrl).toBe('https://images.example/other.jpg');
    });

    it('is null without a web link', () => {
      expect(captureFrom(item()).imageUrl).toBeNull();
      expect(captureFrom(item({ imageUrl: 'javascript:alert(1)' })).imageUrl).toBeNull();
    });

    it('is kept without the credentials written into it', () => {
      expect(captureFrom(item({ imageUrl: 'https://user:secret@images.example/main.jpg' })).imageUrl).toBe('https://images.example/main.jpg');
    });

    it.each(['http://images.example:443/main.jpg', 'https://images.example:80/main.jpg'])('drops %p (scheme and port disagree), like a non-web link', (imageUrl) => {
      expect(captureFrom(item({ imageUrl })).imageUrl).toBeNull();
      expect(captureFrom(item({ imageUrl, image: 'https://images.example/other.jpg' })).imageUrl).toBe('https://images.example/other.jpg');
    });
  });

  describe('link and product key', () => {
    it('keeps the link as captured, and keys the product by its canonical URL', () => {
      const saved = captureFrom(item({ sourceUrl: 'HTTP://WWW.Boutique.example/p/Knit/?utm_source=mail#reviews' }));
      expect(saved.sourceUrl).toBe('http://www.boutique.example/p/Knit/?utm_source=mail#reviews');
      expect(saved.productKey).toBe('url:https://boutique.example/p/Knit');
    });

    it('keeps the link without its credentials, and keys the product without them', () => {
      const saved = captureFrom(item({ sourceUrl: 'https://user:secret@boutique.example/p/knit' }));
      expect(saved.sourceUrl).toBe('https://boutique.example/p/knit');
      expect(saved.productKey).toBe('url:https://boutique.example/p/knit');
    });

    it('upgrades an http link of a supported retailer to https, and leaves other shops as they are', () => {
      expect(captureFrom(item({ sourceUrl: 'http://www.zara.com/us/en/knit-p1.html', brand: 'Zara' })).sourceUrl).toBe('https://www.zara.com/us/en/knit-p1.html');
      expect(captureFrom(item({ sourceUrl: 'http://boutique.example/p/knit' })).sourceUrl).toBe('http://boutique.example/p/knit');
    });

    it.each([undefined, '#', 'javascript:alert(1)', '/p/relative', '//boutique.example/p/knit', 'http://boutique.example:443/p/knit'])('drops the link %p to "#" and keys the product by name and brand', (sourceUrl) => {
      const saved = captureFrom(item({ sourceUrl, name: 'Cable  Knit Jumper', brand: 'cos' }));
      expect(saved.sourceUrl).toBe('#');
      expect(saved.productKey).toBe('name:["cable knit jumper","cos"]');
    });
  });

  describe('gender', () => {
    it.each([undefined, '', '   '])('is null when the page named none (%p)', (gender) => {
      expect(captureFrom(item({ gender })).gender).toBeNull();
    });

    it.each([
      ["WOMEN'S", 'Women'],
      ['male', 'Men'],
      ['unisex', 'Unisex'],
      ['kids', 'Unisex'],
    ])('normalises %p to %p', (gender, expected) => {
      expect(captureFrom(item({ gender })).gender).toBe(expected);
    });
  });

  it('infers the category from name and description', () => {
    expect(captureFrom(item({ name: 'Leather Ankle Boots' })).category).toBe('shoes');
    expect(captureFrom(item({ name: 'Something', description: 'Straight leg jeans in blue denim.' })).category).toBe('bottoms');
  });
});

describe('captureFrom: the category', () => {
  it('takes the category the page states (the extension read it) over any inference', () => {
    expect(captureFrom(item({ name: 'Leather Ankle Boots', category: 'accessories' })).category).toBe('accessories');
  });

  it('reads a model name from its address when the page stated nothing', () => {
    expect(captureFrom(item({ name: 'GDC Zoe', description: '', sourceUrl: 'https://www.example.com/en-us/womens-jackets/gdc-zoe-123.html' })).category).toBe('outerwear');
  });
});

describe('sameCapture', () => {
  it('is true for captures that say the same thing', () => {
    expect(sameCapture(capture(), capture())).toBe(true);
  });

  it.each([
    ['price', { price: 79 }],
    ['price text', { priceText: '$89' }],
    ['image', { imageUrl: null }],
    ['description', { description: 'New text.' }],
    ['gender', { gender: 'Women' as const }],
    ['name', { name: 'Cable Knit Sweater' }],
  ])('is false when the %s changed', (_field, change) => {
    expect(sameCapture(capture(), capture(change))).toBe(false);
  });

  it('is false when one capture has a field the other lacks', () => {
    expect(sameCapture(capture(), Object.assign(capture(), { extra: 'field' }))).toBe(false);
  });
});
