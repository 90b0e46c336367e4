import { ACCOUNT_EXPORT_FORMAT, DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE } from '@closetly/contracts';
import { ApiError, InvalidResponseError, type UnauthorizedEvent } from './index';
import { headersOf, type RecordedCall, recordingClient } from './recording-client.spec-helper';

const client = recordingClient;

/** The start of an export as the gateway streams it (the fields the client never looks into). */
const exported = { format: ACCOUNT_EXPORT_FORMAT, exportedAt: '2026-01-02T00:00:00.000Z', account: { email: 'ada@example.com' }, saves: [] };

describe('account operations (the caller’s own data rights)', () => {
  it('exportAccount gets GET /api/account/export with both tokens and hands back the JSON file as it came', async () => {
    const calls: RecordedCall[] = [];
    const file = await client(200, exported, calls).exportAccount();
    expect(calls[0]?.url).toBe('/api/account/export');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1' });
    expect(file).toBeInstanceOf(Blob);
    expect(file.type).toMatch(/^application\/json/);
    expect(await file.text()).toBe(JSON.stringify(exported));
  });

  it('refuses a 2xx answer that is not JSON (a page of HTML) rather than saving it as the export', async () => {
    const error = await client(200, '<!doctype html><title>Closetly</title>').exportAccount().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it('reads an export refusal as the gateway’s error, with its message (429 when asked too often)', async () => {
    const slowDown = { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' } };
    const error = await client(429, slowDown).exportAccount().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', serverMessage: 'Too many requests. Please try again later.' });
  });

  it('deleteAccount sends DELETE /api/account with the password and resolves on 204', async () => {
    const calls: RecordedCall[] = [];
    await expect(client(204, undefined, calls).deleteAccount({ password: 'Passw0rd!' })).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/api/account');
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer access-1', 'x-beta-token': 'beta-1', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ password: 'Passw0rd!' });
  });

  it('deleteAccount sends an empty body for an account without a password', async () => {
    const calls: RecordedCall[] = [];
    await client(204, undefined, calls).deleteAccount({});
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({});
  });

  it('returns a refused re-authentication (403) to the caller only: it is not a sign-out', async () => {
    const unauthorized: UnauthorizedEvent[] = [];
    const refusal = { error: { code: 'REAUTHENTICATION_FAILED', message: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE } };
    const error = await client(403, refusal, [], unauthorized)
      .deleteAccount({ password: 'wrong' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'REAUTHENTICATION_FAILED', serverMessage: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE });
    expect(unauthorized).toEqual([]);
  });

  it('reports a 401 from either call, as from any authenticated call', async () => {
    const unauthorized: UnauthorizedEvent[] = [];
    const expired = { error: { code: 'UNAUTHENTICATED', message: 'Please sign in again.' } };
    const c = client(401, expired, [], unauthorized);
    await expect(c.deleteAccount({ password: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(c.exportAccount()).rejects.toMatchObject({ status: 401 });
    expect(unauthorized.map((event) => event.path)).toEqual(['/api/account', '/api/account/export']);
  });
});
