import { ApiError, InvalidResponseError } from './index';
import { type RecordedCall, recordingClient, sampleProduct } from './recording-client.spec-helper';

const product = { ...sampleProduct, gender: 'Unisex', listed: true, hidden: false };
const client = (status: number, body: unknown, calls: RecordedCall[] = []) => recordingClient(status, body, calls);

describe('administrator operations', () => {
  it('getUngenderedProducts reads the list with the bearer token and refuses a page of HTML', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [product], calls).getUngenderedProducts()).resolves.toEqual([product]);
    expect(calls[0]?.url).toBe('/api/products/ungendered');
    expect((calls[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    await expect(client(200, '<!doctype html><p>hi</p>').getUngenderedProducts()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('getAtRiskItems reads the at-risk list and refuses a wrong shape', async () => {
    const atRisk = [{ itemId: product.id, lastUnsavedAt: '2026-11-01T10:00:00.000Z', daysUntilDeletion: 7, savedByUsers: [] }];
    const calls: RecordedCall[] = [];
    await expect(client(200, atRisk, calls).getAtRiskItems()).resolves.toEqual(atRisk);
    expect(calls[0]?.url).toBe('/api/at-risk-items');
    await expect(client(200, [{ itemId: 'x' }]).getAtRiskItems()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('getSystemStatus reads the System panel figures and refuses a wrong shape', async () => {
    const status = {
      services: [
        { service: 'catalogue', outbox: { pending: 2, oldestPendingSeconds: 5 }, consumerLag: 0 },
        { service: 'pages', outbox: null, consumerLag: null, error: 'timed out' },
      ],
      deadLetters: [{ topic: 'wardrobe.item-saved.v1.dlt', count: 1 }],
    };
    const calls: RecordedCall[] = [];
    await expect(client(200, status, calls).getSystemStatus()).resolves.toEqual(status);
    expect(calls[0]?.url).toBe('/api/admin/system');
    await expect(client(200, { services: [{ service: 'x' }], deadLetters: [] }).getSystemStatus()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('setProductGender and setProductHidden put the one field, with the id encoded', async () => {
    const calls: RecordedCall[] = [];
    await client(200, { ...product, gender: 'Women' }, calls).setProductGender('a/b', 'Women');
    await client(200, { ...product, hidden: true }, calls).setProductHidden(product.id, true);
    expect(calls.map((call) => [call.init.method, call.url, JSON.parse(String(call.init.body))])).toEqual([
      ['PUT', '/api/products/a%2Fb/gender', { gender: 'Women' }],
      ['PUT', `/api/products/${product.id}/hidden`, { hidden: true }],
    ]);
  });

  it('passes the server’s 403 on as an ApiError', async () => {
    await expect(client(403, { error: { code: 'FORBIDDEN', message: 'Unauthorized access.' } }).getUngenderedProducts()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Unauthorized access.' });
    await expect(client(403, { error: { code: 'FORBIDDEN', message: 'Unauthorized access.' } }).setProductHidden(product.id, true)).rejects.toBeInstanceOf(ApiError);
  });
});
