import { ApiError, InvalidResponseError, createApiClient } from './index';

interface RecordedCall {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: string, calls: RecordedCall[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(body === '' ? null : body, { status });
  };
}

function headersOf(call: RecordedCall | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('createApiClient', () => {
  it('posts the code as JSON to /api/verify-beta and returns the parsed answer', async () => {
    const calls: RecordedCall[] = [];
    const client = createApiClient({
      baseUrl: 'http://gateway.test/',
      fetch: fakeFetch(200, JSON.stringify({ verified: true, betaToken: 'tok' }), calls),
    });

    await expect(client.verifyBeta('closetly-demo')).resolves.toEqual({ verified: true, betaToken: 'tok' });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://gateway.test/api/verify-beta');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ code: 'closetly-demo' }));
    expect(headersOf(calls[0])).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('resolves a wrong code to { verified: false }', async () => {
    const client = createApiClient({ fetch: fakeFetch(200, JSON.stringify({ verified: false })) });
    await expect(client.verifyBeta('nope')).resolves.toEqual({ verified: false });
  });

  it('sends the beta token and bearer token only when they exist', async () => {
    const calls: RecordedCall[] = [];
    const body = JSON.stringify({ verified: false });
    await createApiClient({ fetch: fakeFetch(200, body, calls) }).verifyBeta('a');
    await createApiClient({
      fetch: fakeFetch(200, body, calls),
      getBetaToken: () => 'beta-1',
      getAccessToken: async () => 'access-1',
    }).verifyBeta('a');

    expect(headersOf(calls[0])).not.toHaveProperty('x-beta-token');
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
    expect(headersOf(calls[1])).toMatchObject({ 'x-beta-token': 'beta-1', Authorization: 'Bearer access-1' });
  });

  it('throws ApiError with the status and parsed body on a non-2xx answer', async () => {
    const client = createApiClient({ fetch: fakeFetch(429, JSON.stringify({ message: 'Slow down' })) });
    const error: unknown = await client.verifyBeta('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, body: { message: 'Slow down' }, message: 'Slow down' });
  });

  it('keeps a non-JSON error body as text', async () => {
    const client = createApiClient({ fetch: fakeFetch(502, 'Bad Gateway') });
    await expect(client.verifyBeta('a')).rejects.toMatchObject({ status: 502, body: 'Bad Gateway' });
  });

  it('rejects a 2xx body that does not match the contract', async () => {
    const html = createApiClient({ fetch: fakeFetch(200, '<!doctype html><html></html>') });
    await expect(html.verifyBeta('a')).rejects.toBeInstanceOf(InvalidResponseError);

    const wrongShape = createApiClient({ fetch: fakeFetch(200, JSON.stringify({ verified: true })) });
    await expect(wrongShape.verifyBeta('a')).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('lets network failures through', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(client.verifyBeta('a')).rejects.toThrow('fetch failed');
  });
});
