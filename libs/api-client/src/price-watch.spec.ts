import { UNSUBSCRIBE_INVALID_MESSAGE } from '@closetly/contracts';
import { ApiError, InvalidResponseError } from './index';
import { headersOf, recordingClient, type RecordedCall } from './recording-client.spec-helper';

const productId = '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f';
const history = { productId, currency: 'USD', points: [{ at: '2026-11-01T10:00:00.000Z', amount: 80, source: 'page' }], low: 80, high: 80, lowestIn30Days: false, observations: 1 };

describe('price watch operations', () => {
  it('getPriceHistory reads the product history with the bearer token and validates it', async () => {
    const calls: RecordedCall[] = [];
    await expect(recordingClient(200, history, calls).getPriceHistory(productId)).resolves.toEqual(history);
    expect(calls[0]?.url).toBe(`/api/products/${productId}/price-history`);
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1' });
    await expect(recordingClient(200, { ...history, points: [{ at: 'yesterday', amount: 1, source: 'page' }] }).getPriceHistory(productId)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('sets and clears a target price with PUT, and reads it with GET', async () => {
    const calls: RecordedCall[] = [];
    await expect(recordingClient(200, { targetPrice: 49.5 }, calls).setPriceTarget(productId, { targetPrice: 49.5 })).resolves.toEqual({ targetPrice: 49.5 });
    await recordingClient(200, { targetPrice: null }, calls).setPriceTarget(productId, { targetPrice: null });
    await recordingClient(200, { targetPrice: null }, calls).getPriceTarget(productId);
    expect(calls.map((call) => [call.init.method, call.url, call.init.body])).toEqual([
      ['PUT', `/api/price-alerts/targets/${productId}`, '{"targetPrice":49.5}'],
      ['PUT', `/api/price-alerts/targets/${productId}`, '{"targetPrice":null}'],
      ['GET', `/api/price-alerts/targets/${productId}`, undefined],
    ]);
  });

  it('lists notifications and marks them read, all or some', async () => {
    const calls: RecordedCall[] = [];
    await expect(recordingClient(200, { notifications: [], unread: 0 }, calls).getNotifications()).resolves.toEqual({ notifications: [], unread: 0 });
    await expect(recordingClient(200, { notifications: [], unread: 0 }, calls).markNotificationsRead()).resolves.toEqual({ notifications: [], unread: 0 });
    await recordingClient(200, { notifications: [], unread: 0 }, calls).markNotificationsRead({ ids: [productId] });
    expect(calls.map((call) => [call.init.method, call.url, call.init.body])).toEqual([
      ['GET', '/api/notifications', undefined],
      ['POST', '/api/notifications/read', '{}'],
      ['POST', '/api/notifications/read', `{"ids":["${productId}"]}`],
    ]);
  });

  it('unsubscribes without the access token, and hands a refusal over with its message', async () => {
    const calls: RecordedCall[] = [];
    await expect(recordingClient(200, { unsubscribed: true }, calls).unsubscribePriceAlerts('t0k')).resolves.toEqual({ unsubscribed: true });
    expect(calls[0]?.url).toBe('/api/price-alerts/unsubscribe');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    const refusal = { error: { code: 'VALIDATION_FAILED', message: UNSUBSCRIBE_INVALID_MESSAGE } };
    const error = await recordingClient(400, refusal).unsubscribePriceAlerts('bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
  });

  it('records a price observation', async () => {
    const calls: RecordedCall[] = [];
    await expect(recordingClient(200, { recorded: true }, calls).recordPriceObservation({ productId, price: 59.99 })).resolves.toEqual({ recorded: true });
    expect([calls[0]?.init.method, calls[0]?.url, calls[0]?.init.body]).toEqual(['POST', '/api/price-observations', `{"productId":"${productId}","price":59.99}`]);
  });
});
