import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@closetly/server';
import { accountRow, sessionsServiceFor, TEST_JWT_SECRET, testConfig } from '../../test/support/unit-doubles';
import type { AccountRow } from '../accounts/accounts.repository';
import { hashToken, signAccessToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_ENDED = { code: 'INVALID_REFRESH_TOKEN', message: 'Your session has ended. Please sign in again.' };

const claimsOf = (accessToken: string) =>
  jwt.verify(accessToken, TEST_JWT_SECRET, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }) as jwt.JwtPayload;

function setup(env: NodeJS.ProcessEnv = {}) {
  const config = testConfig({ ACCESS_TOKEN_TTL_SECONDS: '900', REFRESH_TOKEN_TTL_DAYS: '14', ...env });
  const account = accountRow();
  const sessions = sessionsServiceFor(config);
  /** What AccountsService hands refresh: the account as stored now. */
  const loadAccount = jest.fn(async (id: string): Promise<AccountRow | undefined> => (id === account.id ? account : undefined));
  return { ...sessions, account, loadAccount };
}

describe('SessionsService', () => {
  describe('open', () => {
    it('issues an access token naming the account, the session and the roles, for the configured lifetime', async () => {
      const { service, sessions, account } = setup();
      const session = await service.open({ ...account, roles: ['admin'] });

      const claims = claimsOf(session.accessToken);
      expect(claims).toMatchObject({ sub: account.id, sid: sessions[0]?.id, roles: ['admin'], typ: 'access' });
      expect(claims.exp! - claims.iat!).toBe(900);
      expect(session.expiresIn).toBe(900);
      expect(session.user).toMatchObject({ uid: account.id, email: account.email, roles: ['admin'] });
    });

    it('keeps the refresh token only as its hash, valid for REFRESH_TOKEN_TTL_DAYS', async () => {
      const { service, tokens, account } = setup();
      const before = Date.now();
      const { refreshToken } = await service.open(account);

      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.tokenHash).toBe(hashToken(refreshToken));
      expect(tokens[0]?.tokenHash).not.toBe(refreshToken);
      expect(tokens[0]?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
      expect(tokens[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);
    });
  });

  describe('refresh', () => {
    it('rotates: a new pair in the same session, and the used refresh token is spent', async () => {
      const { service, tokens, account, loadAccount } = setup();
      const first = await service.open(account);
      const second = await service.refresh(first.refreshToken, loadAccount);

      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(claimsOf(second.accessToken).sid).toBe(claimsOf(first.accessToken).sid);
      expect(tokens.map((token) => token.rotatedAt !== null)).toEqual([true, false]);
      await expect(service.refresh(second.refreshToken, loadAccount)).resolves.toMatchObject({ user: { uid: account.id } });
    });

    it('treats a spent refresh token coming back as theft: the whole family ends and its access tokens are deny-listed', async () => {
      const { service, sessions, revoked, account, loadAccount } = setup();
      const first = await service.open(account);
      const second = await service.refresh(first.refreshToken, loadAccount);

      await expect(service.refresh(first.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'refresh token reuse' });
      expect(await revoked.isRevoked(claimsOf(second.accessToken).sid)).toBe(true);
      await expect(service.refresh(second.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it('ends the family when another request rotated the same token first', async () => {
      const { service, repository, sessions, account, loadAccount } = setup();
      const { refreshToken } = await service.open(account);
      repository.markRotated.mockResolvedValueOnce(false);

      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'refresh token reuse' });
    });

    it('refuses an unknown refresh token and one whose session was revoked', async () => {
      const { service, account, loadAccount } = setup();
      const { accessToken, refreshToken } = await service.open(account);

      await expect(service.refresh('not-a-token-we-issued', loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      await service.logout(accessToken);
      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it('refuses an expired refresh token', async () => {
      const { service, tokens, account, loadAccount } = setup();
      const { refreshToken } = await service.open(account);
      tokens[0]!.expiresAt = new Date(Date.now() - 1);

      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it.each([
      ['disabled', (account: AccountRow) => ({ ...account, disabledAt: new Date() })],
      ['gone', () => undefined],
    ])('ends the session when the account is %s', async (_state, stored) => {
      const { service, sessions, revoked, account, loadAccount } = setup();
      const { refreshToken } = await service.open(account);
      loadAccount.mockResolvedValueOnce(stored(account));

      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'account unavailable' });
      expect(await revoked.isRevoked(sessions[0]!.id)).toBe(true);
    });

    it('issues the new access token with the roles the account holds now', async () => {
      const { service, account, loadAccount } = setup();
      const { refreshToken } = await service.open(account);
      loadAccount.mockResolvedValueOnce({ ...account, roles: ['admin'] });

      const refreshed = await service.refresh(refreshToken, loadAccount);
      expect(claimsOf(refreshed.accessToken).roles).toEqual(['admin']);
    });
  });

  describe('logout', () => {
    it.each([
      ['its refresh token', (session: { refreshToken: string }) => session.refreshToken],
      ['its access token', (session: { accessToken: string }) => session.accessToken],
    ])('ends the session named by %s and deny-lists its access tokens', async (_by, tokenOf) => {
      const { service, sessions, revoked, account } = setup();
      const session = await service.open(account);

      await service.logout(tokenOf(session));
      expect(sessions[0]).toMatchObject({ revokedReason: 'logout' });
      expect(await revoked.isRevoked(sessions[0]!.id)).toBe(true);
      expect(await service.isLive(sessions[0]!.id)).toBe(false);
    });

    it('never fails, and ends nothing, for a token that is not ours', async () => {
      const { service, repository, account } = setup();
      await service.open(account);
      const foreign = signAccessToken({ uid: account.id, sid: 'some-session', roles: [] }, 'another-secret-of-at-least-32-characters', 60);

      await expect(service.logout('garbage')).resolves.toBeUndefined();
      await expect(service.logout(foreign)).resolves.toBeUndefined();
      expect(repository.revokeSession).not.toHaveBeenCalled();
    });
  });

  it('revokeAll ends every live session of an account and deny-lists each', async () => {
    const { service, revoked, account } = setup();
    const other = accountRow();
    const mine = [await service.open(account), await service.open(account)].map((session) => claimsOf(session.accessToken).sid as string);
    const theirs = claimsOf((await service.open(other)).accessToken).sid as string;

    await service.revokeAll(account.id, 'password reset');
    for (const sessionId of mine) {
      expect(await service.isLive(sessionId)).toBe(false);
      expect(await revoked.isRevoked(sessionId)).toBe(true);
    }
    expect(await service.isLive(theirs)).toBe(true);
  });
});
