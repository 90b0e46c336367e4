import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthSession, OidcStartResponse } from '@closetly/contracts';
import { type Db, UnitOfWork } from '@closetly/server';
import type { BaseClient } from 'openid-client';
import { type AccountRow, AccountsRepository } from '../accounts/accounts.repository';
import { AccountsService } from '../accounts/accounts.service';
import { CLOCK, type Clock, systemClock } from '../clock';
import { rolesOfProvedAddress } from '../accounts/auth-user';
import { EmailProof } from '../accounts/email-proof';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { IdentityError } from '../identity.errors';
import { hashToken, hasExpired, randomToken } from '../sessions/tokens';
import { OidcRepository } from './oidc.repository';

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first sign-in: its ~120 modules are not worth every start's time (BENCH_ONLY=footprint) */
const openidClient = () => require('openid-client') as typeof import('openid-client');

const ATTEMPT_MINUTES = 10;
const LOGIN_CODE_SECONDS = 120;
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const UNVERIFIED_EMAIL = 'Your provider has not verified this email address.';
/** How far ahead of our clock a provider's clock may run: an ID token issued later than this is refused. */
export const ID_TOKEN_MAX_CLOCK_SKEW_SECONDS = 300;

/**
 * Third-party sign-in ("Sign in with Google" in the copy) with the OpenID
 * Connect authorization code flow: PKCE (S256), state and nonce, all kept
 * server-side and used once. Identities are keyed on issuer + subject; an
 * account is created or linked only when the provider says the e-mail is
 * verified. The popup gets a one-time login code, never tokens.
 */
@Injectable()
export class OidcService {
  private client: Promise<BaseClient> | undefined;
  private readonly log = new Logger(OidcService.name);

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly oidc: OidcRepository,
    private readonly accounts: AccountsRepository,
    private readonly accountsService: AccountsService,
    private readonly uow: UnitOfWork,
    private readonly proof: EmailProof,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Which sign-ins the web app may offer: "with Google" only when a provider is configured. */
  options(): { google: boolean } {
    return { google: this.config.oidc !== undefined };
  }

  private get redirectUri(): string {
    return new URL(OIDC_CALLBACK_PATH, this.config.PUBLIC_URL).toString();
  }

  /** Discovers the provider on first use (it may be down when we boot) and keeps the client. */
  private getClient(): Promise<BaseClient> {
    const oidc = this.config.oidc;
    if (!oidc) return Promise.reject(new IdentityError('OIDC_FAILED', 'Third-party sign-in is not configured.'));
    this.client ??= openidClient().Issuer.discover(oidc.issuer).then(
      (issuer) => new issuer.Client({ client_id: oidc.clientId, client_secret: oidc.clientSecret, redirect_uris: [this.redirectUri], response_types: ['code'] }),
      (error: unknown) => {
        this.client = undefined;
        this.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'OpenID provider discovery failed');
        throw new IdentityError('OIDC_FAILED', 'The sign-in provider is not reachable.');
      },
    );
    return this.client;
  }

  async start(intent: 'signin' | 'signup'): Promise<OidcStartResponse> {
    const client = await this.getClient();
    const { generators } = openidClient();
    const state = generators.state();
    const nonce = generators.nonce();
    const codeVerifier = generators.codeVerifier();
    await this.oidc.insertAttempt({ state, nonce, codeVerifier, intent, expiresAt: new Date(Date.now() + ATTEMPT_MINUTES * 60_000) });
    const authorizationUrl = client.authorizationUrl({
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: generators.codeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl };
  }

  /** The provider's redirect: check state (once), exchange the code with the PKCE verifier, validate the ID token and nonce. */
  async callback(params: Record<string, string>): Promise<{ loginCode: string }> {
    const attempt = await this.oidc.markAttemptUsed(params.state ?? '');
    if (!attempt || hasExpired(attempt.expiresAt)) throw new IdentityError('OIDC_FAILED', 'This sign-in attempt is unknown or has expired.');
    if (params.error) throw new IdentityError('OIDC_FAILED', 'The provider did not sign you in.');
    const client = await this.getClient();
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.callback(this.redirectUri, params, { state: attempt.state, nonce: attempt.nonce, code_verifier: attempt.codeVerifier });
      claims = tokens.claims();
      // openid-client checks exp and nbf but not an iat in the future: a token "issued" an hour from now
      // is forged or minted by a provider whose clock is wrong, and either way not proof of a sign-in now.
      if (typeof claims.iat === 'number' && claims.iat > this.clock().getTime() / 1000 + ID_TOKEN_MAX_CLOCK_SKEW_SECONDS) {
        throw new Error(`ID token issued ${Math.round(claims.iat - this.clock().getTime() / 1000)} s in the future`);
      }
      // Some providers keep profile claims out of the ID token; ask userinfo, and keep it only for the same subject.
      if (typeof claims.email !== 'string' && tokens.access_token) {
        const userinfo = await client.userinfo(tokens);
        if (userinfo.sub === claims.sub) claims = { ...userinfo, ...claims, email: userinfo.email, email_verified: userinfo.email_verified, given_name: userinfo.given_name, family_name: userinfo.family_name };
      }
    } catch (error) {
      this.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'OpenID callback refused');
      throw new IdentityError('OIDC_FAILED', 'The sign-in could not be verified.');
    }
    const accountId = await this.accountFor(String(claims.iss), String(claims.sub), claims);
    const loginCode = randomToken();
    await this.oidc.insertLoginCode({ codeHash: hashToken(loginCode), accountId, expiresAt: new Date(Date.now() + LOGIN_CODE_SECONDS * 1000) });
    return { loginCode };
  }

  /** The opener trades the popup's one-time code for a session. */
  async complete(loginCode: string, device: string | null = null): Promise<AuthSession> {
    const used = await this.oidc.markLoginCodeUsed(hashToken(loginCode));
    const account = used && !hasExpired(used.expiresAt) ? await this.accounts.findById(used.accountId) : undefined;
    if (!account) throw new IdentityError('OIDC_FAILED', 'This sign-in has expired. Please try again.');
    return this.accountsService.openSession(account, device);
  }

  /**
   * The account a provider identity signs in to. Only an address the provider has verified creates or links
   * an account. An account with that address whose owner proved it gets the link; one nobody proved is
   * discarded (AccountsService.discardUnprovedClaim: its registrant's name, profile and wardrobe go with it)
   * and the provider's user starts with a new account.
   */
  private async accountFor(issuer: string, subject: string, claims: Record<string, unknown>): Promise<string> {
    if (!issuer || !subject || subject === 'undefined') throw new IdentityError('OIDC_FAILED', 'The provider sent no subject.');
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const emailVerified = claims.email_verified === true;
    return this.uow.run(async (tx) => {
      const known = await this.oidc.findAccountByIdentity(issuer, subject, tx);
      if (known) {
        // Linked before e-mail proof was recorded: the provider vouching for the same address now is that proof.
        if (emailVerified && email === known.email && !known.emailVerifiedAt) await this.claimForOwner(known, issuer, subject, tx);
        return known.id;
      }
      if (!email) throw new IdentityError('OIDC_FAILED', 'The provider did not share an e-mail address.');
      // Whoever controls a provider account may claim any address there; only a verified one says whose it is.
      if (!emailVerified) throw new IdentityError('OIDC_FAILED', UNVERIFIED_EMAIL);
      const existing = await this.accounts.findByEmail(email, tx);
      if (existing?.emailVerifiedAt) {
        await this.oidc.linkIdentity(existing.id, issuer, subject, tx);
        return existing.id;
      }
      // Deleted in this transaction, so the address is free for the owner's new account below.
      if (existing) await this.accountsService.discardUnprovedClaim(existing, tx);
      const created = await this.accounts.insert(
        {
          email,
          passwordHash: null,
          firstName: typeof claims.given_name === 'string' && claims.given_name ? claims.given_name : (email.split('@')[0] ?? 'Shopper'),
          lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
          gender: '',
          // The provider verified the address (proved below, in this transaction).
          roles: rolesOfProvedAddress(this.config, email),
        },
        tx,
      );
      if (!created) throw new IdentityError('OIDC_FAILED', 'An account with this email already exists. Sign in with your password.');
      await this.oidc.linkIdentity(created.id, issuer, subject, tx);
      await this.accountsService.registered(created, tx);
      // The provider verified the address: proved from the start.
      await this.proof.prove(created.id, 'provider', tx);
      return created.id;
    });
  }

  /** The provider's user owns the address: an unproved account becomes theirs alone (no password, no sessions, no other logins). */
  private async claimForOwner(account: AccountRow, issuer: string, subject: string, tx: Db): Promise<void> {
    if (account.emailVerifiedAt) return;
    await this.accountsService.ownerProvedEmail(account, tx);
    await this.oidc.unlinkIdentities(account.id, { issuer, subject }, tx);
  }
}
