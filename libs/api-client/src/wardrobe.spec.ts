import { ApiError, InvalidResponseError, type UnauthorizedEvent } from './index';
import { headersOf, type RecordedCall, recordingClient, sampleProduct } from './recording-client.spec-helper';

const product = sampleProduct;
const item = { ...product, addedDate: '2026-01-02T00:00:00.000Z' };
const client = recordingClient;

describe('wardrobe and product operations', () => {
  it('saveItem posts {data: item} with the bearer token and returns the wardrobe item', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, item, calls).saveItem({ name: 'Linen Shirt', brand: 'Acme', price: '$59.99' })).resolves.toEqual(item);
    expect(calls[0]?.url).toBe('/api/save');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ data: { name: 'Linen Shirt', brand: 'Acme', price: '$59.99' } });
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });
  });

  it('getWardrobe returns the validated list and rejects a wrong shape', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [item], calls).getWardrobe()).resolves.toEqual([item]);
    expect(calls[0]?.url).toBe('/api/get-wardrobe');
    await expect(client(200, [product]).getWardrobe()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('removeFromWardrobe sends DELETE with the id and resolves on 204; 404 is an ApiError', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(204, undefined, calls).removeFromWardrobe(product.id)).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe(`/api/remove-from-wardrobe/${product.id}`);
    expect(calls[0]?.init.method).toBe('DELETE');
    const error = await client(404, { error: { code: 'NOT_FOUND', message: 'Item not found in your wardrobe' } })
      .removeFromWardrobe('x/y')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('getProduct sends the access token when there is one (a saver sees their capture) and reports 404 as an ApiError', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, product, calls).getProduct(product.id)).resolves.toEqual(product);
    expect(calls[0]?.url).toBe(`/api/products/${product.id}`);
    expect(headersOf(calls[0])).toHaveProperty('Authorization');
    await expect(client(404, { error: { code: 'NOT_FOUND', message: 'Item not found' } }).getProduct(product.id)).rejects.toMatchObject({ status: 404 });
  });

  it('sendItemFeedback posts {itemId, gender} and resolves on 204', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(204, undefined, calls).sendItemFeedback({ itemId: product.id, gender: 'Unisex' })).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/item-feedback');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ itemId: product.id, gender: 'Unisex' });
  });

  it('a 401 on a wardrobe call is reported to onUnauthorized', async () => {
    const unauthorized: UnauthorizedEvent[] = [];
    await expect(client(401, { error: { code: 'UNAUTHORIZED', message: 'No' } }, [], unauthorized).getWardrobe()).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0]?.path).toBe('/api/get-wardrobe');
  });
});
