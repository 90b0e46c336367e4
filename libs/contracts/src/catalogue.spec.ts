import { CorrectProductRequest, SaveItemRequest } from './catalogue';
import { PRICE_FORMAT_MESSAGE } from './price';

describe('CorrectProductRequest', () => {
  it.each(['https://cdn.example.com/coat.jpg', ' http://cdn.example.com/coat.jpg '])('takes the web image address %p', (imageUrl) => {
    expect(CorrectProductRequest.parse({ imageUrl }).imageUrl).toBe(imageUrl.trim());
  });

  // Corrections are shown to every shopper: only a web address may become the product's image.
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:msgbox(1)', 'ftp://cdn.example.com/coat.jpg', 'file:///etc/passwd', '//cdn.example.com/coat.jpg', 'coat.jpg'])(
    'refuses the image address %p with the field message',
    (imageUrl) => {
      const result = CorrectProductRequest.safeParse({ imageUrl });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['imageUrl'], message: 'Image URL must be a web address' })]);
    },
  );

  it('lets an administrator hand the image back to the savers with null', () => {
    expect(CorrectProductRequest.parse({ imageUrl: null })).toEqual({ imageUrl: null });
  });
});

describe('SaveItemRequest price', () => {
  const save = (price: unknown) => SaveItemRequest.safeParse({ data: { name: 'Slim Jeans', brand: 'Acme', price } });

  // Issue 22: text the page reader would have misread is a 400 on data.price, never a wrong amount.
  it.each(['12.00.00', '12..5', '12 abc', '$59.99 in 3 colours', '12abc'])('refuses the price text %p with the format message on data.price', (price) => {
    const result = save(price);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['data', 'price'], message: PRICE_FORMAT_MESSAGE })]);
  });

  it.each(['.5', '$1,299.00', '€49,95', 'Was $80 Now $59.99', 'From $49 to $99', '49.95 EUR'])('takes the price text %p', (price) => {
    expect(save(price).success).toBe(true);
  });
});
