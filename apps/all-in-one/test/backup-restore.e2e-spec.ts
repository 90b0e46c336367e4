/**
 * @jest-environment node
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pollUntil } from '@closetly/testing';
import { BackupRefused, backupDataDir, restoreDataDir } from '../src/backup/backup';
import { apiCaller, supportedShopUrl } from '../src/testing';
import { type EmbeddedProduct, startEmbeddedProduct } from '../src/testing/product';

const PASSWORD = 'Backup!Passw0rd';

/**
 * `npm run backup` / `npm run restore` on the embedded product's data directory: back up, wipe, restore,
 * and every account, wardrobe, profile and product is there again, signed in with the same password
 * and served under the same keys.
 */
describe('backup and restore of the embedded data directory', () => {
  let root: string;
  let product: EmbeddedProduct | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'closetly-backup-'));
  });
  afterAll(async () => {
    await product?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('backs up, wipes, restores and finds every wardrobe, profile and product again', async () => {
    const dataDir = join(root, 'data');
    product = await startEmbeddedProduct({ DATA_DIR: dataDir });
    let betaToken = await product.betaToken();
    let call = apiCaller(() => product!.baseUrl, () => betaToken);

    const email = `backup-${Date.now()}@example.com`;
    const signUp = await call<{ accessToken: string }>('POST', '/api/auth/signup', { body: { firstName: 'Bea', lastName: 'Kup', email, password: PASSWORD, gender: 'female' } });
    expect(signUp.status).toBe(201);
    await product.confirmEmail(email);
    const token = signUp.body.accessToken;
    const saved = await call<{ id: string }>('POST', '/api/save', { token, body: { data: { name: 'Backup Wool Coat', brand: 'Toteme', price: 590, gender: 'Women', sourceUrl: supportedShopUrl() } } });
    expect(saved.status).toBeLessThan(300);
    const profile = {
      name: 'Bea Kup',
      gender: 'female',
      favoriteBrands: ['Toteme', 'COS'],
      measurements: {
        height: { mainValue: 1, mainUnit: 'm', secondaryValue: 68, secondaryUnit: 'cm' },
        weight: { value: 60, unit: 'kg' },
        chest: { value: 86, unit: 'cm' },
        waist: { value: 70, unit: 'cm' },
        hips: { value: 94, unit: 'cm' },
      },
      sizes: { top: 'S', bottom: '27', shoes: '38', dressShirtNeck: '', dressShirtArm: '', dressPantWidth: '', dressPantLength: '', suitJacket: '', menShoeSize: '', dressSize: '6', womenPantSize: '', womenShoeSize: '7.5' },
    };
    expect((await call('PUT', '/api/profile', { token, body: profile })).status).toBe(200);
    // The catalogue has derived the product (a supported shop's page: listed at once).
    const listed = await pollUntil(() => call<{ name: string }>('GET', `/api/products/${saved.body.id}`), (answer) => answer.status === 200, { what: 'the product listed' });

    // While the product runs on the directory, both refuse: a database open twice is a database corrupted.
    await expect(backupDataDir({ dataDir, into: join(root, 'backups') })).rejects.toBeInstanceOf(BackupRefused);
    await product.stop();
    product = undefined;

    const folder = await backupDataDir({ dataDir, into: join(root, 'backups') });
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await readdir(folder)).sort()).toEqual(['database.tar.gz', 'manifest.json', 'secrets.json']);

    await rm(dataDir, { recursive: true, force: true });
    await expect(restoreDataDir({ dataDir, from: join(root, 'backups') })).rejects.toThrow(/is not a Closetly backup/);
    await restoreDataDir({ dataDir, from: folder });

    product = await startEmbeddedProduct({ DATA_DIR: dataDir });
    betaToken = await product.betaToken();
    call = apiCaller(() => product!.baseUrl, () => betaToken);
    // The same keys: the access token issued before the backup is still good.
    expect((await call('GET', '/api/get-wardrobe', { token })).status).toBe(200);
    const signIn = await call<{ accessToken: string }>('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const wardrobe = await call<Array<{ id: string; name: string }>>('GET', '/api/get-wardrobe', { token: signIn.body.accessToken });
    expect(wardrobe.body.map((item) => item.name)).toEqual(['Backup Wool Coat']);
    expect((await call('GET', '/api/profile', { token: signIn.body.accessToken })).body).toMatchObject({ favoriteBrands: ['Toteme', 'COS'], sizes: { top: 'S', shoes: '38' } });
    expect((await call<{ name: string }>('GET', `/api/products/${saved.body.id}`)).body).toEqual(listed.body);

    // A second restore keeps what it replaces.
    await product.stop();
    product = undefined;
    const { movedAside } = await restoreDataDir({ dataDir, from: folder });
    expect(movedAside.map((path) => path.slice(dataDir.length + 1))).toEqual([expect.stringMatching(/^pglite\.before-restore-/), expect.stringMatching(/^secrets\.before-restore-.*\.json$/)]);
    // Two on-disk databases started, one backed up and restored twice: more than the default minute on a loaded machine.
  }, 240_000);
});
