import type { ProductView } from '@closetly/contracts';
import { ImageUrlSigner } from '../../src/images/image-url-signer';
import { ProductImages } from '../../src/images/product-images';
import { storedImageAddress, storedImageIdOf } from '../../src/images/stored-image-address';

const PUBLIC_URL = 'http://localhost:8080';
const ID = '3f1d2c4b-5a69-5b7c-8d9e-0f1a2b3c4d5e';

const product = (imageUrl: string | null): ProductView => ({
  id: '6a0f1c2d-3e4f-5a6b-8c7d-9e0f1a2b3c4d',
  name: 'Relaxed Linen Shirt',
  brand: 'COS',
  price: 89,
  currency: 'USD',
  priceText: '$89.00',
  colour: null,
  imageUrl,
  description: '',
  sourceUrl: 'https://www.cos.com/en-us/men/product/relaxed-linen-shirt-1234567001',
  retailer: 'COS',
  gender: 'Men',
  category: 'tops',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

describe('stored image addresses', () => {
  it('names a stored image by the public origin and /api/image/{id}', () => {
    expect(storedImageAddress(PUBLIC_URL, ID)).toBe(`http://localhost:8080/api/image/${ID}`);
    expect(storedImageAddress('https://closetly.example/some/path', ID)).toBe(`https://closetly.example/api/image/${ID}`);
    expect(() => storedImageAddress(PUBLIC_URL, '../secrets')).toThrow(RangeError);
  });

  it('reads the id back from that address', () => {
    expect(storedImageIdOf(storedImageAddress(PUBLIC_URL, ID))).toBe(ID);
    expect(storedImageIdOf(`http://LOCALHOST:8080/api/image/${ID.toUpperCase()}`)).toBe(ID);
  });

  it('rebases an address stored under an earlier PUBLIC_URL (another port, scheme or host): the row keeps its image', () => {
    expect(storedImageIdOf(`http://localhost:28080/api/image/${ID}`)).toBe(ID);
    expect(storedImageIdOf(`https://old.closetly.example/api/image/${ID}`)).toBe(ID);
  });

  it.each([
    ['another scheme', `ftp://localhost:8080/api/image/${ID}`],
    ['a query', `http://localhost:8080/api/image/${ID}?w=160`],
    ['credentials', `http://user:pw@localhost:8080/api/image/${ID}`],
    ['a longer path', `http://localhost:8080/api/image/${ID}/x`],
    ['no uuid', 'http://localhost:8080/api/image/not-a-uuid'],
    ['another route', `http://localhost:8080/api/proxy-image/${ID}`],
    ['not a URL', 'api/image/x'],
  ])('is not a stored image with %s', (_case, url) => {
    expect(storedImageIdOf(url)).toBeNull();
  });
});

describe('ProductImages', () => {
  const signer = new ImageUrlSigner('product-images-test-secret-0123456789abcdef');
  const images = new ProductImages(signer);

  it('shows a stored image from the gateway itself, never through the proxy', () => {
    expect(images.withDisplayImage(product(storedImageAddress(PUBLIC_URL, ID))).displayImageUrl).toBe(`/api/image/${ID}?w=480`);
  });

  it('signs any other web image for the proxy', () => {
    const url = 'https://images.example/shirt.jpg';
    expect(images.withDisplayImage(product(url)).displayImageUrl).toBe(signer.sign(url));
  });

  it('has no display image without a web image', () => {
    expect(images.withDisplayImage(product(null)).displayImageUrl).toBeNull();
    expect(images.withDisplayImage(product('data:image/png;base64,AAAA')).displayImageUrl).toBeNull();
  });
});
