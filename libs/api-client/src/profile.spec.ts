import { emptyProfile } from '@closetly/contracts';
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

const stored = { ...emptyProfile('ada@example.com', 'Ada Lovelace', 'female'), favoriteBrands: ['Zara'] };

describe('profile operations', () => {
  it('getProfile reads GET /api/profile with the bearer token and validates the answer', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(200, stored, calls).getProfile()).resolves.toEqual(stored);
    expect(calls[0]?.url).toBe('/api/profile');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });
    await expect(client(200, { ...stored, measurements: null }).getProfile()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('updateProfile puts the full profile and returns the stored one', async () => {
    const calls: RecordedCall[] = [];
    const { email: _email, ...body } = stored;
    await expect(client(200, stored, calls).updateProfile(body)).resolves.toEqual(stored);
    expect(calls[0]?.url).toBe('/api/profile');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(body);
  });

  it('exposes the per-field messages of a refused profile', async () => {
    const refusal = {
      error: { code: 'VALIDATION_FAILED', message: 'measurements.height.secondaryValue: Must be at most 11', fields: { 'measurements.height.secondaryValue': ['Must be at most 11'] } },
    };
    const error = await client(400, refusal).updateProfile(stored).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { 'measurements.height.secondaryValue': ['Must be at most 11'] } });
  });
});
