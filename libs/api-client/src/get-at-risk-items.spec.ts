import { ApiError, InvalidResponseError, createApiClient } from './index';

interface RecordedCall {
  url: string;
  init: RequestInit;
}

function client(status: number, body: unknown, calls: RecordedCall[] = []) {
  return createApiClient({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(JSON.stringify(body), { status });
    },
    getBetaToken: () => 'beta-1',
    getAccessToken: () => 'access-1',
  });
}

const item = { itemId: '5f0c2b56-5a3f-4c1e-9a51-0b8f0c7b8a11', lastUnsavedAt: '2026-01-01T00:00:00.000Z', daysUntilDeletion: 3, savedByUsers: [] };

describe('getAtRiskItems', () => {
  it('reads GET /api/at-risk-items with the bearer token and validates the answer', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, [item], calls).getAtRiskItems()).resolves.toEqual([item]);
    expect(calls[0]?.url).toBe('/api/at-risk-items');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });
    await expect(client(200, [{ ...item, daysUntilDeletion: 2.5 }]).getAtRiskItems()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('rejects with the server’s error for a user who is not an administrator', async () => {
    const refused = client(403, { error: { code: 'FORBIDDEN', message: 'Unauthorized access.' } }).getAtRiskItems();
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Unauthorized access.' });
  });
});
