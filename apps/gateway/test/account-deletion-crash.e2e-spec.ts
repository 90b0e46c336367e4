import { randomUUID } from 'node:crypto';
import { apiCaller, madeUpWord, RUNTIME_MODES, signUpSuiteUsers, type StartedProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import { type AuthSession, DataHeldReport } from '@closetly/contracts';
import { pollUntil, type SmtpCapture, startSmtpCapture } from '@closetly/testing';
import pg from 'pg';

const PASSWORD = 'Passw0rd!';
const ADMIN_EMAIL = 'crash-admin@example.com';
const SAVES_PER_USER = 12;

const holdsNothing = (report: DataHeldReport): boolean => Object.values(report.services).every((counts) => Object.values(counts).every((count) => count === 0));

/**
 * Deletion survives a crash of the wardrobe service, on Kafka: identity's event waits in Kafka while the wardrobe
 * is down, or is redelivered when the wardrobe dies while handling it (its transaction rolls back, the offset is
 * not committed). Either way, once the wardrobe is back, nothing of the user is left anywhere.
 */
describe('account deletion with the wardrobe crashing (distributed mode, Kafka)', () => {
  const distributed = RUNTIME_MODES.find((mode) => mode.name === 'distributed');
  let started: StartedProduct;
  let betaToken: string;
  let smtp: SmtpCapture;
  let database: pg.Client;
  let admin: string;
  const call = apiCaller(
    () => started.product.baseUrl,
    () => betaToken,
  );
  const word = madeUpWord();

  /** A shopper with SAVES_PER_USER saves, once every service has seen them. */
  const shopperWithSaves = async () => {
    const answer = await call<AuthSession>('POST', '/api/auth/signup', { body: { firstName: 'Sam', lastName: 'Shopper', email: `crash-${randomUUID()}@example.com`, password: PASSWORD } });
    expect(answer.status).toBe(201);
    const { accessToken: token, user } = answer.body;
    for (let n = 0; n < SAVES_PER_USER; n += 1) {
      const saved = await call('POST', '/api/save', { body: { data: { name: `${word} Item ${n}`, brand: `${word} Studio`, sourceUrl: supportedShopUrl(), imageUrl: 'https://images.example.com/item.jpg', description: '', price: 20 + n } }, token });
      expect(saved.status).toBe(200);
    }
    await pollUntil(() => dataHeld(user.uid), (held) => held.services.retention?.product_saves === SAVES_PER_USER && held.services.catalogue?.captures === SAVES_PER_USER, {
      timeoutMs: 60_000,
      what: 'the saves reaching every service',
    });
    return { token, uid: user.uid };
  };
  const dataHeld = async (userId: string) => DataHeldReport.parse((await call('GET', `/api/admin/users/${userId}/data-held`, { token: admin })).body);
  /** Read straight from a service's table: while the wardrobe is down, the data-held call (which asks it too) cannot answer. */
  const rowsOf = async (userId: string, table: 'wardrobe.saves' | 'catalogue.captures' | 'retention.product_saves') =>
    Number((await database.query<{ n: string }>(`select count(*) as n from ${table} where user_id = $1`, [userId])).rows[0]?.n);
  const wardrobeSavesOf = (userId: string) => rowsOf(userId, 'wardrobe.saves');
  const deleteAccount = async (token: string) => expect((await call('DELETE', '/api/account', { body: { password: PASSWORD }, token })).status).toBe(204);

  beforeAll(async () => {
    if (!distributed) throw new Error('no distributed runtime mode');
    smtp = await startSmtpCapture();
    started = await distributed.start({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100' });
    betaToken = await started.product.betaToken();
    admin = (await signUpSuiteUsers(call, ['admin'] as const, { email: ADMIN_EMAIL, password: PASSWORD, baseUrl: started.product.baseUrl, betaToken, smtp })).admin;
    database = new pg.Client({ connectionString: started.databaseUrl });
    await database.connect();
  }, 240_000);
  afterAll(async () => {
    await database?.end();
    await started?.stop();
    await smtp?.close();
  });

  it('the wardrobe is down while the account is deleted: the others finish, the wardrobe catches up when it is back', async () => {
    const shopper = await shopperWithSaves();
    await started.processes?.crash('wardrobe');

    await deleteAccount(shopper.token);
    // The services that are up delete their part meanwhile; the wardrobe still holds the saves while it is down.
    await pollUntil(() => rowsOf(shopper.uid, 'catalogue.captures'), (n) => n === 0, { timeoutMs: 30_000, what: 'the catalogue deleting the captures' });
    await pollUntil(() => rowsOf(shopper.uid, 'retention.product_saves'), (n) => n === 0, { timeoutMs: 30_000, what: 'retention deleting the savers' });
    expect(await wardrobeSavesOf(shopper.uid)).toBe(SAVES_PER_USER);

    await started.processes?.restart('wardrobe');
    const emptied = await pollUntil(() => dataHeld(shopper.uid), holdsNothing, { timeoutMs: 60_000, what: 'every service deleting the user' });
    expect(emptied.services.wardrobe).toEqual({ saves: 0, shopper_profiles: 0 });
  }, 240_000);

  it('the wardrobe dies while handling the deletion: the event is delivered again after the restart and nothing is left', async () => {
    const shopper = await shopperWithSaves();

    await deleteAccount(shopper.token);
    // No grace: the kill lands before or during the wardrobe's transaction; both must end with nothing left.
    await started.processes?.crash('wardrobe');
    const leftAtCrash = await wardrobeSavesOf(shopper.uid);
    expect([0, SAVES_PER_USER]).toContain(leftAtCrash); // one transaction: all or nothing, never half

    await started.processes?.restart('wardrobe');
    const emptied = await pollUntil(() => dataHeld(shopper.uid), holdsNothing, { timeoutMs: 60_000, what: 'every service deleting the user' });
    expect(Object.keys(emptied.services).sort()).toEqual(['catalogue', 'identity', 'profile', 'retention', 'wardrobe']);
  }, 240_000);
});
