import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, SigningKeys } from '@closetly/server';
import { accountRow, manualClock, sessionsServiceFor, TEST_JWT_SECRET, testConfig } from '../../test/support/unit-doubles';
import type { AccountRow } from '../accounts/accounts.repository';
import { EXTENSION_TOKEN_TTL_DAYS } from './sessions.service';
import { hashToken, signAccessToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The default REFRESH_REUSE_GRACE_SECONDS. */
const GRACE_MS = 30_000;
const SESSION_ENDED = { code: 'INVALID_REFRESH_TOKEN', message: 'Your session has ended. Please sign in again.' };

const claimsOf = (accessToken: string) =>
  jwt.verify(accessToken, TEST_JWT_SECRET, { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }) as jwt.JwtPayload;

function setup(env: NodeJS.ProcessEnv = {}) {
  const config = testConfig({ ACCESS_TOKEN_TTL_SECONDS: '900', REFRESH_TOKEN_TTL_DAYS: '14', ...env });
  const account = accountRow();
  const time = manualClock();
  const sessions = sessionsServiceFor(config, time.clock);
  /** What AccountsService hands refresh: the account as stored now. */
  const loadAccount = jest.fn(async (id: string): Promise<AccountRow | undefined> => (id === account.id ? account : undefined));
  return { ...sessions, account, loadAccount, time };
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
      const { service, tokens, account, time } = setup();
      const { refreshToken } = await service.open(account);

      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.tokenHash).toBe(hashToken(refreshToken));
      expect(tokens[0]?.tokenHash).not.toBe(refreshToken);
      expect(tokens[0]?.expiresAt.getTime()).toBe(time.clock().getTime() + 14 * DAY_MS);
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

    it('treats a spent refresh token coming back after the grace window as theft: the whole family ends and its access tokens are deny-listed', async () => {
      const { service, sessions, revoked, account, loadAccount, time } = setup();
      const first = await service.open(account);
      const second = await service.refresh(first.refreshToken, loadAccount);
      time.advance(GRACE_MS);

      await expect(service.refresh(first.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'refresh token reuse' });
      expect(await revoked.isRevoked(claimsOf(second.accessToken).sid)).toBe(true);
      await expect(service.refresh(second.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it('answers a spent token within the grace window with a sibling pair in the same family, and both pairs keep working', async () => {
      const { service, sessions, tokens, account, loadAccount, time } = setup();
      const first = await service.open(account);
      const winner = await service.refresh(first.refreshToken, loadAccount);
      time.advance(GRACE_MS - 1);

      const sibling = await service.refresh(first.refreshToken, loadAccount);
      expect(sibling.refreshToken).not.toBe(winner.refreshToken);
      expect(claimsOf(sibling.accessToken).sid).toBe(claimsOf(winner.accessToken).sid);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.revokedAt).toBeNull();
      expect(tokens.map((token) => token.tokenHash)).toEqual([first, winner, sibling].map((pair) => hashToken(pair.refreshToken)));
      await expect(service.refresh(winner.refreshToken, loadAccount)).resolves.toMatchObject({ user: { uid: account.id } });
      await expect(service.refresh(sibling.refreshToken, loadAccount)).resolves.toMatchObject({ user: { uid: account.id } });
    });

    it('still ends the family, siblings included, when the spent token comes back once the window has passed', async () => {
      const { service, sessions, account, loadAccount, time } = setup();
      const first = await service.open(account);
      const winner = await service.refresh(first.refreshToken, loadAccount);
      const sibling = await service.refresh(first.refreshToken, loadAccount);
      time.advance(GRACE_MS);

      await expect(service.refresh(first.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'refresh token reuse' });
      await expect(service.refresh(winner.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      await expect(service.refresh(sibling.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it('gives a refresh that lost the race to a parallel one (the guarded update failed) a sibling pair', async () => {
      const { service, repository, sessions, account, loadAccount } = setup();
      const { refreshToken } = await service.open(account);
      repository.markRotated.mockResolvedValueOnce(false);

      await expect(service.refresh(refreshToken, loadAccount)).resolves.toMatchObject({ user: { uid: account.id } });
      expect(sessions[0]?.revokedAt).toBeNull();
    });

    it('has no grace window when REFRESH_REUSE_GRACE_SECONDS is 0: a lost race or any reuse ends the family', async () => {
      const { service, repository, sessions, account, loadAccount } = setup({ REFRESH_REUSE_GRACE_SECONDS: '0' });
      const first = await service.open(account);
      await service.refresh(first.refreshToken, loadAccount);
      await expect(service.refresh(first.refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'refresh token reuse' });

      const { refreshToken } = await service.open(account);
      repository.markRotated.mockResolvedValueOnce(false);
      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[1]).toMatchObject({ revokedReason: 'refresh token reuse' });
    });

    it('refuses an unknown refresh token and one whose session was revoked', async () => {
      const { service, account, loadAccount } = setup();
      const { accessToken, refreshToken } = await service.open(account);

      await expect(service.refresh('not-a-token-we-issued', loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      await service.logout(accessToken);
      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it('refuses an expired refresh token', async () => {
      const { service, account, loadAccount, time } = setup();
      const { refreshToken } = await service.open(account);
      time.advance(14 * DAY_MS);

      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
    });

    it('ends a session SESSION_MAX_DAYS after sign-in, however often it was refreshed', async () => {
      const { service, sessions, revoked, tokens, account, loadAccount, time } = setup({ SESSION_MAX_DAYS: '90' });
      const signedInAt = time.clock().getTime();
      let { refreshToken } = await service.open(account);
      for (let day = 10; day < 90; day += 10) {
        time.advance(10 * DAY_MS);
        ({ refreshToken } = await service.refresh(refreshToken, loadAccount));
      }
      // Issued on day 80 with a 14-day lifetime, the last token is cut to the session's end on day 90.
      expect(tokens.at(-1)?.expiresAt.getTime()).toBe(signedInAt + 90 * DAY_MS);
      time.advance(10 * DAY_MS - 1);
      ({ refreshToken } = await service.refresh(refreshToken, loadAccount));
      time.advance(1);

      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'session lifetime over' });
      expect(await revoked.isRevoked(sessions[0]!.id)).toBe(true);
    });

    it('ends a session whose end has passed even when its refresh token is still fresh', async () => {
      const { service, sessions, tokens, account, loadAccount, time } = setup({ SESSION_MAX_DAYS: '30', REFRESH_TOKEN_TTL_DAYS: '60' });
      const { refreshToken } = await service.open(account);
      tokens[0]!.expiresAt = new Date(time.clock().getTime() + 60 * DAY_MS);
      time.advance(30 * DAY_MS);

      await expect(service.refresh(refreshToken, loadAccount)).rejects.toMatchObject(SESSION_ENDED);
      expect(sessions[0]).toMatchObject({ revokedReason: 'session lifetime over' });
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
      const foreign = signAccessToken({ uid: account.id, sid: 'some-session', roles: [] }, new SigningKeys('another-secret-of-at-least-32-characters').current, 60);

      await expect(service.logout('garbage')).resolves.toBeUndefined();
      await expect(service.logout(foreign)).resolves.toBeUndefined();
      expect(repository.revokeSession).not.toHaveBeenCalled();
    });
  });

  describe('extensionToken', () => {
    it('signs a token of the session, typed "extension", with no roles, for EXTENSION_TOKEN_TTL_DAYS (30)', async () => {
      const { service, sessions, account, time } = setup();
      await service.open({ ...account, roles: ['admin'] });
      const sessionId = sessions[0]!.id;

      const minted = await service.extensionToken(account.id, sessionId);
      const expected = new Date(time.clock().getTime() + 30 * DAY_MS);
      expect(EXTENSION_TOKEN_TTL_DAYS).toBe(30);
      expect(minted.expiresAt).toBe(expected.toISOString());
      const claims = claimsOf(minted.token);
      expect(claims).toMatchObject({ sub: account.id, sid: sessionId, typ: 'extension', exp: Math.floor(expected.getTime() / 1000) });
      expect(claims).not.toHaveProperty('roles');
    });

    it('never outlives its session: near SESSION_MAX_DAYS it ends when the session does', async () => {
      const { service, sessions, account, time } = setup({ SESSION_MAX_DAYS: '90' });
      await service.open(account);
      const sessionEnds = sessions[0]!.createdAt.getTime() + 90 * DAY_MS;
      time.advance(80 * DAY_MS);

      expect((await service.extensionToken(account.id, sessions[0]!.id)).expiresAt).toBe(new Date(sessionEnds).toISOString());
      time.advance(10 * DAY_MS);
      await expect(service.extensionToken(account.id, sessions[0]!.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('refuses an ended session, an unknown one, and another account’s', async () => {
      const { service, sessions, account } = setup();
      await service.open(account);
      await service.open(account);
      const [ended, live] = [sessions[0]!.id, sessions[1]!.id];
      await service.logoutSession(ended);

      await expect(service.extensionToken(account.id, ended)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(service.extensionToken(account.id, 'no-such-session')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(service.extensionToken(accountRow().id, live)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
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
