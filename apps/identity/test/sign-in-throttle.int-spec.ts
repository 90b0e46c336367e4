import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type Db, migrateService, OutboxRelay, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, mockOf, openAdapterTestDatabase } from '@closetly/testing';
import { eq } from 'drizzle-orm';
import { signInFailures } from '../src/db/schema';
import { delaySeconds, SignInFailuresRepository, type SlowDown, WHOLE_ACCOUNT } from '../src/sign-in-throttle/sign-in-failures.repository';
import { SIGN_IN_LIMITS, SignInThrottle } from '../src/sign-in-throttle/sign-in-throttle.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const RULES: SlowDown = { ...SIGN_IN_LIMITS.account, windowSeconds: SIGN_IN_LIMITS.windowSeconds };
const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/**
 * Sign-in failure counts on the real engines (PGlite and PostgreSQL): attempts racing on one account get no
 * more password checks than the limits allow, because each count is one guarded statement.
 */
describe.each(['embedded', 'distributed'] as const)('sign-in throttle (%s)', (mode) => {
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let failures: SignInFailuresRepository;
  let throttle: SignInThrottle;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_identity_throttle' });
    db = database.db;
    await migrateService(database.connection, db, 'identity', MIGRATIONS);
    failures = new SignInFailuresRepository(db);
    // A stopped clock: the attempts race in the database, not against the wall clock (a slow run must not let the slow-down lapse).
    throttle = new SignInThrottle(failures, new UnitOfWork(db, mockOf(OutboxRelay)), () => T0);
  });
  afterAll(async () => {
    await database?.close();
  });

  const email = () => `${randomUUID()}@example.com`;
  const admitted = async (attempts: Array<Promise<void>>) => {
    const outcomes = await Promise.allSettled(attempts);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'RATE_LIMITED' });
    return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  };

  it('admits exactly 10 of 100 attempts sent at once from one address', async () => {
    const victim = email();
    expect(await admitted(Array.from({ length: 100 }, () => throttle.admit(victim, '203.0.113.66')))).toBe(SIGN_IN_LIMITS.pairFailures);
  });

  it('admits exactly the free 10 of 100 attempts sent at once from 100 addresses, then slows the account down', async () => {
    const victim = email();
    expect(await admitted(Array.from({ length: 100 }, (_, i) => throttle.admit(victim, `10.1.0.${i}`)))).toBe(SIGN_IN_LIMITS.account.freeFailures);
    await expect(throttle.admit(victim, '198.51.100.1')).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
  });

  it('makes each attempt past the free failures wait 1, 2, 4 … seconds, at most a minute, after the last', async () => {
    const account = randomUUID();
    let now = 0;
    for (let n = 1; n <= RULES.freeFailures; n += 1) expect(await failures.countAccountFailure(account, RULES, at(now), db)).toBe(true);
    for (let n = RULES.freeFailures; n < RULES.freeFailures + 10; n += 1) {
      const wait = delaySeconds(n, RULES);
      expect(wait).toBeLessThanOrEqual(RULES.maxDelaySeconds);
      expect(await failures.countAccountFailure(account, RULES, at(now + wait - 0.5), db)).toBe(false);
      expect(await failures.countAccountFailure(account, RULES, at(now + wait), db)).toBe(true);
      now += wait;
    }
    expect(delaySeconds(RULES.freeFailures + 9, RULES)).toBe(RULES.maxDelaySeconds);
    const [row] = await db.select().from(signInFailures).where(eq(signInFailures.accountKey, account));
    expect(row).toMatchObject({ client: WHOLE_ACCOUNT, failures: RULES.freeFailures + 10 });
  });

  it('forgets a pair’s count when its window ends, and counts afresh', async () => {
    const account = randomUUID();
    for (let n = 0; n < 10; n += 1) expect(await failures.countPairFailure(account, 'client', 10, RULES, at(n), db)).toBe(true);
    expect(await failures.countPairFailure(account, 'client', 10, RULES, at(RULES.windowSeconds - 1), db)).toBe(false);
    expect(await failures.countPairFailure(account, 'client', 10, RULES, at(RULES.windowSeconds), db)).toBe(true);
    expect(await failures.find(account, 'client', db)).toMatchObject({ failures: 1, windowEndsAt: at(2 * RULES.windowSeconds) });
  });

  it('forgives an attempt whose password was right, clears an account, and prunes only ended windows', async () => {
    const [account, other] = [randomUUID(), randomUUID()];
    await failures.countPairFailure(account, 'client', 10, RULES, T0, db);
    await failures.countAccountFailure(account, RULES, T0, db);
    await failures.countAccountFailure(account, RULES, T0, db);
    await failures.forgiveAttempt(account, 'client', db);
    expect(await failures.find(account, 'client', db)).toBeUndefined();
    expect(await failures.find(account, WHOLE_ACCOUNT, db)).toMatchObject({ failures: 1 });

    await failures.countPairFailure(account, 'elsewhere', 10, RULES, T0, db);
    await failures.countPairFailure(other, 'client', 10, RULES, T0, db);
    await failures.clearAccount(account, db);
    expect(await db.select().from(signInFailures).where(eq(signInFailures.accountKey, account))).toEqual([]);

    await failures.countPairFailure(account, 'late', 10, RULES, at(RULES.windowSeconds), db);
    await failures.pruneExpired(at(RULES.windowSeconds + 1));
    expect(await failures.find(other, 'client', db)).toBeUndefined();
    expect(await failures.find(account, 'late', db)).toBeDefined();
  });
});
