import { CorrectProductRequest } from './catalogue';

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
