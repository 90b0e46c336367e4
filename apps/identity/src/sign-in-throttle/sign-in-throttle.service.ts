import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Db, UnitOfWork } from '@closetly/server';
import { CLOCK, type Clock, systemClock } from '../clock';
import { IdentityError } from '../identity.errors';
import { SignInFailuresRepository, type SlowDown, WHOLE_ACCOUNT } from './sign-in-failures.repository';

export const SIGN_IN_LIMITS = {
  /** Every count is forgotten 15 minutes after its first failure. */
  windowSeconds: 15 * 60,
  /** Failures from one client address on one account before that pair is refused for the rest of the window. */
  pairFailures: 10,
  /**
   * The whole account, from anywhere: after 10 failures each further attempt waits 1 s, then 2, 4, … at most
   * 60 s after the last failure. Never a lock: whoever knows the password gets in within a minute of the
   * last wrong guess, while a guesser spread over many addresses gets a guess a minute at best.
   */
  account: { freeFailures: 10, maxDelaySeconds: 60 } satisfies Omit<SlowDown, 'windowSeconds'>,
} as const;

const ACCOUNT_RULES: SlowDown = { ...SIGN_IN_LIMITS.account, windowSeconds: SIGN_IN_LIMITS.windowSeconds };

/** What the counts are kept under: the e-mail asked for (known account or not, so answers say nothing of which) and the client address, hashed. */
const keyOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Failed sign-ins, so that guessing is slow and nobody can lock an owner out:
 * - per account and client address, 10 failures lock that pair for the rest of its 15 minutes: someone
 *   guessing from elsewhere does not lock the owner's own address;
 * - per account, from anywhere, a slow-down that at most makes each attempt wait a minute (SIGN_IN_LIMITS);
 * - each attempt is counted as a failure before its password check, in one statement per count, and forgiven
 *   when the password was right: parallel attempts cannot get more checks than the limits allow;
 * - a successful password reset clears the account's counts (PasswordResetService).
 */
@Injectable()
export class SignInThrottle {
  private readonly log = new Logger(SignInThrottle.name);

  constructor(
    private readonly failures: SignInFailuresRepository,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Before a password check: counts it as a failure, or refuses it (RATE_LIMITED with the seconds to wait) and counts nothing. */
  async admit(email: string, clientAddress: string): Promise<void> {
    const accountKey = keyOf(email);
    const client = keyOf(clientAddress);
    const now = this.clock();
    await this.uow.run(async (tx) => {
      if (!(await this.failures.countPairFailure(accountKey, client, SIGN_IN_LIMITS.pairFailures, ACCOUNT_RULES, now, tx))) {
        throw await this.refusal(accountKey, client, now, tx);
      }
      // Refusing here rolls the pair's count back with the transaction: an attempt not checked is not a failure.
      if (!(await this.failures.countAccountFailure(accountKey, ACCOUNT_RULES, now, tx))) throw await this.refusal(accountKey, WHOLE_ACCOUNT, now, tx);
    });
    this.failures.pruneExpired(now).catch((error: unknown) => this.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'pruning sign-in failures failed'));
  }

  /** The password was right: the attempt was no failure. */
  async succeeded(email: string, clientAddress: string): Promise<void> {
    await this.failures.forgiveAttempt(keyOf(email), keyOf(clientAddress));
  }

  /** The owner has chosen a new password through the mailbox: whatever was guessed before counts no more, from anywhere. */
  async clearAccount(email: string, tx: Db): Promise<void> {
    await this.failures.clearAccount(keyOf(email), tx);
  }

  private async refusal(accountKey: string, client: string, now: Date, tx: Db): Promise<IdentityError> {
    const row = await this.failures.find(accountKey, client, tx);
    const until = row ? (client === WHOLE_ACCOUNT ? row.nextAttemptAt : row.windowEndsAt) : now;
    return IdentityError.tooManyAttempts(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
  }
}
