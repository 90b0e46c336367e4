import type { INestApplication } from '@nestjs/common';
import { StoredImagesService } from '@closetly/catalogue';
import { type Caller, emptyProfile, type ItemInput } from '@closetly/contracts';
import { storedImageAddress } from '@closetly/gateway';
import { EmailConfirmationService } from '@closetly/identity';
import { type DatabaseConnection, drizzleFor, RPC_CLIENT, type RpcClient } from '@closetly/server';
import { SavesService } from '@closetly/wardrobe';
import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { type DemoCatalogue, type DemoProduct, type DemoShopper, generateDemoCatalogue } from './demo-catalogue';
import { garmentSvg } from './garment-art';

/** Every demo shopper's password (embedded demo data only: production never seeds). Sign in as any of them to see a personal home page. */
export const DEMO_PASSWORD = 'Closetly#Demo1';

/** Illustrations are stored at this width (4:5); the image route resizes down, never up. */
const IMAGE_WIDTH = 720;
/**
 * libwebp's fastest method: the flat-coloured illustrations come out about 11 KB instead of 7 KB at effort 2,
 * in under half the CPU time (16 against 36 ms each, 164 of them per seed). The image route re-encodes
 * what it serves anyway.
 */
const WEBP_EFFORT = 0;
/** How many illustrations render, and shoppers sign up, at once: sharp and argon2 both run on libuv's thread pool. */
const PARALLEL = 3;
/** Saves made at once: enough for the consumers to take their events in batches. */
const SAVES_IN_FLIGHT = 8;
/** How long the catalogue may take to derive every product from the save events. */
const LISTING_DEADLINE_MS = 120_000;
/**
 * Each of the seeder's calls may take this long. Nobody waits on a seeding call as a shopper waits on
 * a page (RPC_TIMEOUT_MS is that budget), and while it runs every service shares one PGlite connection
 * with the events the seed itself sets off: on a loaded machine a sign-up queued behind them outlived
 * the shopper's 5 s deadline and the whole start failed.
 */
const SEED_CALL_TIMEOUT_MS = 60_000;

export interface DemoSeedReport {
  products: number;
  brands: number;
  shoppers: number;
  saves: number;
  images: number;
  /** Wall time, and the slowest steps. */
  ms: number;
  phases: { imagesAndShoppersMs: number; savesMs: number; listingMs: number };
}

/** One line for people: what was seeded and how long it took. */
export function describeSeed(report: DemoSeedReport): string {
  return `Demo catalogue: ${report.products} products from ${report.brands} brands, ${report.shoppers} shoppers, ${report.saves} saves, ${report.images} images (seeded in ${(report.ms / 1000).toFixed(1)} s)`;
}

interface SeederDeps {
  rpc: RpcClient;
  images: StoredImagesService;
  saves: SavesService;
  /** Issues each shopper's confirmation link in-process (the mail they would open). */
  emailConfirmation: Pick<EmailConfirmationService, 'issueLink'>;
  /** PUBLIC_URL: a stored image is named `{PUBLIC_URL}/api/image/{id}`. */
  publicUrl: string;
  logger: Pick<Logger, 'info'>;
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

/** The caller a session's access token names (it was just issued by identity, so it is not verified again here). */
function callerOf(accessToken: string): Caller {
  const claims = jwt.decode(accessToken) as { sub?: string; sid?: string; roles?: string[] } | null;
  if (!claims?.sub || !claims.sid) throw new Error('identity answered a session without a subject or session id');
  return { uid: claims.sub, sid: claims.sid, roles: claims.roles ?? [] };
}

/**
 * Seeds the demo catalogue through the product's own paths, as shoppers
 * would: each demo shopper signs up (identity), confirms their e-mail
 * through the confirm path (only proved accounts count toward the shared
 * catalogue; the link is issued in-process instead of read from a mail) and
 * fills in a profile (profile), then saves items through the wardrobe, whose events build the
 * shared catalogue, the search index and every read model as usual. The
 * only thing a shopper could not do is date a save: the seeder passes each
 * save's time to the wardrobe in-process (SavesService.save's `at`), so the
 * saves spread over the last four weeks; no RPC or HTTP call carries a date.
 * Illustrations are rendered to WebP and stored in the catalogue; products
 * name them by their public address, `{PUBLIC_URL}/api/image/{id}`.
 */
export class DemoSeeder {
  constructor(private readonly deps: SeederDeps) {}

  static for(app: INestApplication, publicUrl: string, logger: Pick<Logger, 'info'>): DemoSeeder {
    return new DemoSeeder({
      rpc: app.get<RpcClient>(RPC_CLIENT),
      images: app.get(StoredImagesService),
      saves: app.get(SavesService),
      emailConfirmation: app.get(EmailConfirmationService),
      publicUrl,
      logger,
    });
  }

  async seed(options: { sample?: boolean; now?: Date } = {}): Promise<DemoSeedReport> {
    const started = Date.now();
    const demo = generateDemoCatalogue({ now: options.now ?? new Date(), sample: options.sample ?? false });
    this.deps.logger.info({ products: demo.products.length, shoppers: demo.shoppers.length, saves: demo.saves.length }, 'seeding the demo catalogue');
    const [imageUrls, callers] = await Promise.all([this.storeImages(demo.products), this.signUp(demo.shoppers)]);
    const savesStarted = Date.now();
    const productIds = await this.replaySaves(demo, imageUrls, callers);
    const listingStarted = Date.now();
    await this.waitUntilListed(productIds);
    const report: DemoSeedReport = {
      products: demo.products.length,
      brands: new Set(demo.products.map((product) => product.brand)).size,
      shoppers: demo.shoppers.length,
      saves: demo.saves.length,
      images: new Set(imageUrls.values()).size,
      ms: Date.now() - started,
      phases: { imagesAndShoppersMs: savesStarted - started, savesMs: listingStarted - savesStarted, listingMs: Date.now() - listingStarted },
    };
    this.deps.logger.info(report, 'seeded the demo catalogue');
    return report;
  }

  /** One illustration per garment shape and colour, rendered once and stored in the catalogue: product key → image address. */
  private async storeImages(products: readonly DemoProduct[]): Promise<Map<string, string>> {
    const looks = [...new Map(products.map((product) => [`${product.image.shape}:${product.image.hex}`, product.image])).entries()];
    const addresses = new Map<string, string>();
    await inBatches(looks, PARALLEL, async ([look, { shape, hex }]) => {
      const webp = await sharp(Buffer.from(garmentSvg(shape, hex, IMAGE_WIDTH))).webp({ quality: 80, effort: WEBP_EFFORT }).toBuffer();
      addresses.set(look, storedImageAddress(this.deps.publicUrl, await this.deps.images.store(webp, 'image/webp')));
    });
    return new Map(products.map((product) => [product.key, addresses.get(`${product.image.shape}:${product.image.hex}`) as string]));
  }

  /** Each shopper signs up and fills in a profile: shopper key → the caller their session names. */
  private async signUp(shoppers: readonly DemoShopper[]): Promise<Map<string, Caller>> {
    const { rpc } = this.deps;
    const callers = await inBatches(shoppers, PARALLEL, async (shopper) => {
      const { firstName, lastName, email, gender } = shopper;
      const patient = { timeoutMs: SEED_CALL_TIMEOUT_MS };
      const session = await rpc.call('identity.sign-up', { firstName, lastName, email, password: DEMO_PASSWORD, gender }, patient);
      const caller = callerOf(session.accessToken);
      await rpc.call('identity.confirm-email', { token: await this.deps.emailConfirmation.issueLink(caller.uid) }, patient);
      const profile = emptyProfile(email, `${firstName} ${lastName}`, gender);
      await rpc.call(
        'profile.update',
        {
          caller,
          account: { email, firstName, lastName, gender },
          profile: { ...profile, favoriteBrands: shopper.favoriteBrands, sizes: { ...profile.sizes, ...shopper.sizes } },
        },
        patient,
      );
      return [shopper.key, caller] as const;
    });
    return new Map(callers);
  }

  /**
   * Every save in time order, through the wardrobe (one transaction and one event each, as POST /api/save
   * does), a few at once as shoppers would: the events then reach each consumer in batches, one
   * transaction a batch, rather than one at a time. Answers the product ids.
   */
  private async replaySaves(demo: DemoCatalogue, imageUrls: ReadonlyMap<string, string>, callers: ReadonlyMap<string, Caller>): Promise<string[]> {
    const products = new Map(demo.products.map((product) => [product.key, product]));
    const ids = new Set<string>();
    await inBatches(demo.saves, SAVES_IN_FLIGHT, async (save) => {
      const product = products.get(save.product) as DemoProduct;
      const item: ItemInput = {
        name: product.name,
        brand: product.brand,
        price: product.price,
        imageUrl: imageUrls.get(product.key),
        description: product.description,
        sourceUrl: product.sourceUrl,
        gender: product.gender,
      };
      ids.add((await this.deps.saves.save(callers.get(save.shopper) as Caller, item, save.at)).id);
    });
    return [...ids];
  }

  /** Until the catalogue has derived and listed every product from the save events (anyone may then see it). */
  private async waitUntilListed(productIds: readonly string[]): Promise<void> {
    let waiting = [...productIds];
    const deadline = Date.now() + LISTING_DEADLINE_MS;
    while (waiting.length > 0) {
      const found = await inBatches(waiting, 8, (productId) =>
        this.deps.rpc.call('catalogue.get-product', { productId, caller: null }, { timeoutMs: SEED_CALL_TIMEOUT_MS }).then(
          (product) => product.listed,
          () => false,
        ),
      );
      waiting = waiting.filter((_, index) => !found[index]);
      if (waiting.length === 0) return;
      if (Date.now() > deadline) throw new Error(`The catalogue did not list ${waiting.length} demo products within ${LISTING_DEADLINE_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Whether the embedded database is empty: no account, no save, no product,
 * no stored image. The embedded entry owns the one database every service
 * module shares, so it may look into each schema for this one question.
 */
export async function isDatabaseEmpty(connection: DatabaseConnection): Promise<boolean> {
  const result = await drizzleFor(connection).execute(sql`
    select not (
      exists (select 1 from identity.accounts)
      or exists (select 1 from wardrobe.saves)
      or exists (select 1 from catalogue.products)
      or exists (select 1 from catalogue.stored_images)
    ) as empty`);
  const [row] = (result as unknown as { rows: Array<{ empty: boolean }> }).rows;
  return row?.empty === true;
}
