import { Injectable } from '@nestjs/common';
import {
  type Caller,
  type ContestedProduct,
  type ContestReason,
  type CorrectProductRequest,
  NO_PAGE_TO_KEEP_MESSAGE,
  NO_SUCH_CAPTURE_MESSAGE,
  parsePrice,
  PRICE_FORMAT_MESSAGE,
  type PriceDrop,
  type PriceHistory,
  type PriceObservationRequest,
  type PriceObservationResponse,
  type Product,
  type ProductGender,
  type ResolveContestRequest,
  type WardrobeItemSaved,
} from '@closetly/contracts';
import { normaliseGender, safeLinkHref, webUrl } from '@closetly/catalogue-rules';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { CatalogueError, requireAdmin } from '../catalogue.errors';
import { type ListFamily, ListsCache, listsShowing } from '../lists/lists-cache';
import { currentPriceDrop, dropWindowStart, priceDropOf } from './price-drop';
import { historyStart, priceHistoryOf } from './price-history';
import { type Corrections, type DerivationInput, deriveProduct, isOwnPage, type PageRead } from './product-derivation';
import { type NewProduct, type ProductRow, ProductsRepository } from './products.repository';


/**
 * A product as it leaves the catalogue; rows derived before links were cleaned carry only safe web links out (http(s), no credentials).
 * The price-drop badge shows only while its drop is within PRICE_DROP_WINDOW_DAYS of now.
 */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    price: row.price,
    currency: row.currency,
    priceText: row.priceText,
    imageUrl: webUrl(row.imageUrl),
    description: row.description,
    sourceUrl: safeLinkHref(row.sourceUrl) ?? '#',
    retailer: row.retailer,
    gender: normaliseGender(row.gender),
    category: row.category as Product['category'],
    colour: row.colour,
    listed: row.listed,
    hidden: row.hidden,
    updatedAt: row.updatedAt.toISOString(),
    priceDrop: currentPriceDrop(row.priceDrop as PriceDrop | null, new Date()),
    available: row.available,
  };
}

/** What an administrator changes besides captures. */
interface AdminChanges {
  corrections?: Corrections;
  adminGender?: ProductGender;
  hidden?: boolean;
  /** The administrator settled the product's contest now. */
  contestSettledAt?: Date;
  /** Page watch found the retailer's page gone (false), or read it again (true). */
  available?: boolean;
}

const NOT_FOUND = () => new CatalogueError('NOT_FOUND', 'Item not found');
/** A shopper's read repeating their own latest observation within this long is not recorded again (the popup opens often). */
export const SHOPPER_OBSERVATION_GAP_MS = 60 * 60_000;
const isAdmin = (caller: Caller | null): boolean => caller?.roles.includes('admin') ?? false;

/**
 * The shared catalogue. Products grow from captures (wardrobe.item-saved.v1):
 * every capture is kept as its saver's vote and as a price observation, and
 * the shared product is derived from all of them (product-derivation.ts), so
 * no single saver decides what others see. Administrators correct, tag and
 * hide; each change publishes catalogue.product-upserted.v1.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly lists: ListsCache,
  ) {}

  /**
   * Shoppers' captures (wardrobe.item-saved.v1, a batch of them in one transaction): each saver's vote and
   * price observation, then every product they name derived again, set-based (one statement per table
   * for the whole batch). Answers the list families the saves moved: the popular lists each product shows
   * in, and every list a product left or entered or changed in when the product itself changed.
   * `correlationId`: the save's, carried by the product event it causes.
   */
  async recordCaptures(saves: ReadonlyArray<{ payload: WardrobeItemSaved; correlationId?: string }>, tx: Db): Promise<ListFamily[]> {
    if (saves.length === 0) return [];
    const latest = new Map<string, { productKey: string; correlationId?: string; observedAt: Date }>();
    for (const { payload, correlationId } of saves) {
      const capturedAt = new Date(payload.capturedAt);
      const earlier = latest.get(payload.productId)?.observedAt;
      latest.set(payload.productId, { productKey: payload.capture.productKey, correlationId, observedAt: earlier && earlier > capturedAt ? earlier : capturedAt });
    }
    await this.products.lockProducts([...latest.keys()], tx);
    await this.products.upsertCaptures(
      saves.map(({ payload }) => ({ productId: payload.productId, userId: payload.userId, capture: payload.capture, firstSavedAt: new Date(payload.savedAt), capturedAt: new Date(payload.capturedAt) })),
      tx,
    );
    await this.products.addObservations(
      saves
        .map(({ payload: { productId, userId, capture, capturedAt } }) => ({ productId, userId, amount: capture.price, currency: capture.currency, priceText: capture.priceText, observedAt: new Date(capturedAt) }))
        .filter((observation): observation is typeof observation & { amount: number } => observation.amount !== null),
      tx,
    );
    const derived = await this.deriveMany([...latest].map(([productId, { productKey, correlationId, observedAt }]) => ({ productId, productKey, changes: {}, correlationId, observedAt })), tx);
    return derived.flatMap(({ row, moved }) => [...moved, ...listsShowing(row).filter((family) => family.startsWith('popular:'))]);
  }

  /**
   * identity.email-confirmed.v1, in the inbox's transaction: the account
   * proved its e-mail address, so its captures now count toward what others
   * see. Every product it captured is derived again. Answers the list families that moved.
   */
  async proveAccount(userId: string, provedAt: Date, tx: Db): Promise<ListFamily[]> {
    if (!(await this.products.markProved(userId, provedAt, tx))) return [];
    const productIds = await this.products.productIdsCapturedBy(userId, tx);
    await this.products.lockProducts(productIds, tx);
    return this.deriveEach(productIds, tx);
  }

  /**
   * pages.product-observed.v1 that yielded a product, in the inbox's
   * transaction: the retailer's page as read now. Kept when it is the newest
   * read, and the product derived again (it decides when it is the product's
   * own page). A read of a product the catalogue has not derived yet is
   * kept for it: page watch and the catalogue consume the same save
   * independently, so the read may arrive first, and the capture's
   * derivation then uses it (page watch would not read the page again).
   * Answers the list families that moved.
   */
  async recordPageRead(productId: string, read: PageRead, tx: Db): Promise<ListFamily[]> {
    await this.products.lockProduct(productId, tx);
    const existing = await this.products.findById(productId, tx);
    if (!(await this.products.savePageRead(productId, read, tx))) return [];
    // A verified observation for the price history, the page's and nobody's vote: only of the product's own page (a redirect to another product's is no observation of this one).
    if (read.price !== null && isOwnPage(productId, read)) await this.products.addObservations([{ productId, userId: null, source: 'page', amount: read.price, currency: read.currency, priceText: null, observedAt: read.fetchedAt }], tx);
    return existing ? (await this.deriveMany([{ productId, productKey: existing.productKey, changes: { available: true }, observedAt: read.fetchedAt }], tx)).flatMap(({ moved }) => moved) : [];
  }

  /**
   * pages.product-observed.v1 `gone`, in the inbox's transaction: the
   * retailer's page answered 404 or 410 twice. The product is marked
   * unavailable (published), never deleted here: retention's 30-day rule
   * still decides that. A gone read older than the latest good one changes
   * nothing. Answers the list families that moved.
   */
  async recordPageGone(productId: string, fetchedAt: Date, tx: Db): Promise<ListFamily[]> {
    await this.products.lockProduct(productId, tx);
    const existing = await this.products.findById(productId, tx);
    if (!existing?.available) return [];
    const lastRead = await this.products.pageRead(productId, tx);
    if (lastRead && lastRead.fetchedAt >= fetchedAt) return [];
    return (await this.derive(productId, existing.productKey, { available: false }, tx)).moved;
  }

  /**
   * retention.product-expired.v1, in the inbox's transaction: retention saw
   * nobody save the product for RETENTION_DAYS. Deleted (and announced) only
   * if nobody saves it now; a save that arrived since keeps it. Holds the
   * product's lock, so a capture being recorded takes turns with it.
   * Answers the list families the product left (none when it stays).
   */
  async expire(productId: string, tx: Db): Promise<ListFamily[]> {
    await this.products.lockProduct(productId, tx);
    if (await this.products.hasActiveSave(productId, tx)) return [];
    const existing = await this.products.findById(productId, tx);
    if (!(await this.products.deleteProduct(productId, tx))) return [];
    await this.outbox.add(tx, 'catalogue.product-removed.v1', productId, { productId });
    return listsShowing(existing);
  }

  /**
   * identity.account-deleted.v1, in the inbox's transaction: the user's
   * captures and price observations go, their gender votes stay anonymous
   * (ProductsRepository.eraseUser). Every product they captured is derived
   * again from the savers left, as a save derives it, and published when it
   * changed, so search and the other read models follow. One nobody else
   * captured keeps what it showed; retention's clock now runs for it.
   * Answers the list families that moved.
   */
  async eraseAccount(userId: string, tx: Db): Promise<ListFamily[]> {
    const productIds = await this.products.productIdsCapturedBy(userId, tx);
    await this.products.lockProducts(productIds, tx);
    await this.products.eraseUser(userId, tx);
    return this.deriveEach(await this.products.stillCaptured(productIds, tx), tx);
  }

  /** Derives each product again (the caller holds their locks); answers the list families that moved. */
  private async deriveEach(productIds: readonly string[], tx: Db): Promise<ListFamily[]> {
    const existing = await this.products.findByIds(productIds, tx);
    const derived = await this.deriveMany([...existing.values()].map((row) => ({ productId: row.id, productKey: row.productKey, changes: {} })), tx);
    return derived.flatMap(({ moved }) => moved);
  }

  /** A product as this caller may see it: listed and not hidden, or one they saved, or any for an administrator. */
  async get(productId: string, caller: Caller | null): Promise<Product> {
    const row = await this.products.findById(productId);
    if (!row || !(await this.visibleTo(row, caller))) throw NOT_FOUND();
    return toProduct(row);
  }

  /**
   * GET /api/products/{id}/price-history: what was observed of the product's
   * price (priceHistoryOf). Only for a caller who saves it now: to anyone
   * else the product is not found, whether or not it exists, so the answer
   * leaks neither its existence nor that someone watches it.
   */
  async priceHistory(caller: Caller, productId: string, now = new Date()): Promise<PriceHistory> {
    const row = await this.products.findById(productId);
    if (!row || !(await this.products.isActiveSaver(productId, caller.uid))) throw NOT_FOUND();
    const observations = await this.products.priceHistory(productId, historyStart(now));
    const proved = await this.products.provedAmong([...new Set(observations.flatMap((observation) => (observation.userId ? [observation.userId] : [])))]);
    return priceHistoryOf(row, observations, proved, now);
  }

  /**
   * POST /api/price-observations: the price a saved product's page showed
   * the caller (the extension, when its popup opens on the page). Kept as
   * the caller's price observation (source `shopper`, theirs: exported and
   * erased with the account) and counted as their price vote by the trust
   * rules: a read of the page itself still wins, and one saver's vote never
   * moves the savers' median alone. Only for a product the caller saves now
   * (NOT_FOUND otherwise); a repeat of their own latest price within
   * SHOPPER_OBSERVATION_GAP_MS is not recorded again (`recorded: false`).
   */
  async recordShopperObservation(caller: Caller, productId: string, price: PriceObservationRequest['price'], now = new Date()): Promise<PriceObservationResponse> {
    const parsed = parsePrice(price, { strict: true });
    // parsePrice already refuses what is no price, a negative and anything above MAX_PRICE (as a save's price).
    if (parsed.amount === null || parsed.amount <= 0) throw new CatalogueError('VALIDATION_FAILED', PRICE_FORMAT_MESSAGE);
    const amount = parsed.amount;
    const outcome = await this.uow.run(async (tx) => {
      await this.products.lockProduct(productId, tx);
      const existing = await this.products.findById(productId, tx);
      if (!existing || !(await this.products.isActiveSaver(productId, caller.uid, tx))) throw NOT_FOUND();
      const currency = parsed.currency ?? existing.currency;
      const latest = await this.products.latestObservationBy(productId, caller.uid, tx);
      if (latest && latest.amount === amount && latest.currency === currency && now.getTime() - latest.observedAt.getTime() < SHOPPER_OBSERVATION_GAP_MS) return { recorded: false, moved: [] };
      const priceText = typeof price === 'string' ? price.trim().slice(0, 100) : null;
      await this.products.addObservations([{ productId, userId: caller.uid, source: 'shopper', amount, currency, priceText, observedAt: now }], tx);
      const derived = await this.deriveMany([{ productId, productKey: existing.productKey, changes: {}, observedAt: now }], tx);
      return { recorded: true, moved: derived.flatMap(({ moved }) => moved) };
    });
    await this.lists.invalidate(outcome.moved);
    return { recorded: outcome.recorded };
  }

  /**
   * A gender vote. Each voter counts once a product (a later vote replaces theirs): a signed-in caller as
   * their user, anyone else as their client (`client`: the gateway's keyed hash of the address).
   */
  async recordFeedback(productId: string, caller: Caller | null, gender: ProductGender, client: string): Promise<void> {
    const row = await this.products.findById(productId);
    if (!row || !(await this.visibleTo(row, caller))) throw NOT_FOUND();
    const voter = caller ? `user:${caller.uid}` : `client:${client}`;
    await this.products.addFeedback(productId, caller?.uid ?? null, voter, gender);
  }

  /**
   * One page of the public catalogue (listed, not hidden) in id order, for the
   * search service's reindex; `next` is the cursor of the following page, null
   * after the last. Only what anyone may already see, so no caller is needed.
   */
  async snapshot(after: string | null, limit: number): Promise<{ products: Product[]; next: string | null }> {
    const rows = await this.products.listPublicAfter(after, limit);
    const last = rows.at(-1);
    return { products: rows.map(toProduct), next: rows.length === limit && last ? last.id : null };
  }

  /** The named products, any state (hidden, unlisted): for an administrator's lists. Ids it no longer holds are left out. */
  async productsByIds(caller: Caller, productIds: readonly string[]): Promise<Product[]> {
    requireAdmin(caller);
    const rows = await this.products.findByIds(productIds);
    return productIds.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toProduct(row)] : [];
    });
  }

  async listMissingGender(caller: Caller): Promise<Product[]> {
    requireAdmin(caller);
    return (await this.products.listMissingGender()).map(toProduct);
  }

  async setGender(caller: Caller, productId: string, gender: ProductGender): Promise<Product> {
    requireAdmin(caller);
    return this.adminChange(productId, { adminGender: gender });
  }

  /** Moderation: a hidden product leaves every public list; its savers keep it in their wardrobes. */
  async setHidden(caller: Caller, productId: string, hidden: boolean): Promise<Product> {
    requireAdmin(caller);
    return this.adminChange(productId, { hidden });
  }

  /** A corrected field stays as set, whatever savers capture later; null hands it back to their agreement. */
  async correct(caller: Caller, productId: string, correction: CorrectProductRequest): Promise<Product> {
    requireAdmin(caller);
    const derived = await this.uow.run(async (tx) => {
      await this.products.lockProduct(productId, tx);
      const existing = await this.products.findById(productId, tx);
      if (!existing) throw NOT_FOUND();
      const corrections: Corrections = { ...(existing.corrections as Corrections) };
      for (const [field, value] of Object.entries(correction) as Array<[keyof Corrections, string | null | undefined]>) {
        if (value === null) delete corrections[field];
        else if (value !== undefined) corrections[field] = value;
      }
      return this.derive(productId, existing.productKey, { corrections }, tx);
    });
    await this.lists.invalidate(derived.moved);
    return toProduct(derived.row);
  }

  /** Every product with an open contest: what shows, why, the page's version and each proved saver's, first saver first. */
  async listContested(caller: Caller): Promise<ContestedProduct[]> {
    requireAdmin(caller);
    const rows = await this.products.listContested();
    return Promise.all(rows.map((row) => this.contestOf(row)));
  }

  /**
   * The administrator settles a contest: keep the page's version (the
   * page decides; corrections cleared), one proved saver's (their name,
   * brand, image and description become corrections), or hide the product.
   * Evidence from before now contests nothing any more.
   */
  async resolveContest(caller: Caller, productId: string, resolution: ResolveContestRequest): Promise<Product> {
    requireAdmin(caller);
    const derived = await this.uow.run(async (tx) => {
      await this.products.lockProduct(productId, tx);
      const existing = await this.products.findById(productId, tx);
      if (!existing) throw NOT_FOUND();
      const contestSettledAt = new Date();
      switch (resolution.keep) {
        case 'page':
          if (!(await this.products.pageRead(productId, tx))) throw new CatalogueError('VALIDATION_FAILED', NO_PAGE_TO_KEEP_MESSAGE);
          return this.derive(productId, existing.productKey, { corrections: {}, contestSettledAt }, tx);
        case 'capture': {
          const captures = await this.products.listCaptures(productId, tx);
          const proved = await this.products.provedAmong([resolution.userId], tx);
          const kept = captures.find((saver) => saver.userId === resolution.userId && proved.has(saver.userId));
          if (!kept) throw new CatalogueError('NOT_FOUND', NO_SUCH_CAPTURE_MESSAGE);
          const { name, brand, description } = kept.capture;
          const imageUrl = webUrl(kept.capture.imageUrl);
          const corrections: Corrections = { name, brand, description, ...(imageUrl ? { imageUrl } : {}) };
          return this.derive(productId, existing.productKey, { corrections, contestSettledAt }, tx);
        }
        case 'hidden':
          return this.derive(productId, existing.productKey, { hidden: true, contestSettledAt }, tx);
      }
    });
    await this.lists.invalidate(derived.moved);
    return toProduct(derived.row);
  }

  private async contestOf(row: ProductRow): Promise<ContestedProduct> {
    const [captures, observations, page] = await Promise.all([this.products.listCaptures(row.id), this.products.latestObservations(row.id, null), this.products.pageRead(row.id)]);
    const proved = await this.products.provedAmong(captures.map((saver) => saver.userId));
    const shown = toProduct(row);
    return {
      productId: row.id,
      shown: { name: shown.name, brand: shown.brand, price: shown.price, currency: shown.currency, imageUrl: shown.imageUrl, sourceUrl: shown.sourceUrl, listed: shown.listed, hidden: shown.hidden },
      reasons: row.contested as ContestReason[],
      page: page && { name: page.name, brand: page.brand, price: page.price, currency: page.currency, imageUrl: webUrl(page.imageUrl), fetchedAt: page.fetchedAt.toISOString() },
      captures: captures
        .filter((saver) => proved.has(saver.userId))
        .map((saver, index) => {
          const observed = observations.find((observation) => observation.userId === saver.userId);
          return {
            userId: saver.userId,
            name: saver.capture.name,
            brand: saver.capture.brand,
            price: observed?.amount ?? null,
            currency: observed?.currency ?? null,
            imageUrl: webUrl(saver.capture.imageUrl),
            capturedAt: (saver.capturedAt ?? saver.firstSavedAt).toISOString(),
            first: index === 0,
          };
        }),
    };
  }

  private async adminChange(productId: string, changes: AdminChanges): Promise<Product> {
    const derived = await this.uow.run(async (tx) => {
      await this.products.lockProduct(productId, tx);
      const existing = await this.products.findById(productId, tx);
      if (!existing) throw NOT_FOUND();
      return this.derive(productId, existing.productKey, changes, tx);
    });
    // Once committed: the administrator, and every replica (the cache is shared), sees the change in the lists at once.
    await this.lists.invalidate(derived.moved);
    return toProduct(derived.row);
  }

  /** deriveMany for one product. */
  private async derive(productId: string, productKey: string, changes: AdminChanges, tx: Db): Promise<{ row: ProductRow; moved: ListFamily[] }> {
    const [derived] = await this.deriveMany([{ productId, productKey, changes }], tx);
    if (!derived) throw NOT_FOUND();
    return derived;
  }

  /**
   * Derives each product (distinct) again from every capture and observation, with the administrator's
   * standing changes and any new ones; saves those that changed and publishes them. Reads and writes go
   * set-based, a few statements for the lot. The caller holds the products' locks. Answers each
   * product's row, in the given order, with `moved`: the list families it was in and is in now, when
   * it changed. Throws NOT_FOUND for a product with neither a row nor a capture.
   */
  private async deriveMany(targets: readonly DeriveTarget[], tx: Db): Promise<Array<{ row: ProductRow; moved: ListFamily[] }>> {
    const ids = targets.map((target) => target.productId);
    const existingById = await this.products.findByIds(ids, tx);
    const capturesById = await this.products.capturesOf(ids, tx);
    const captured = ids.filter((id) => capturesById.has(id));
    const observationsById = await this.products.latestObservationsOf(captured, tx);
    const pagesById = await this.products.pageReadsOf(captured, tx);
    const provedUserIds = await this.products.provedAmong([...new Set([...capturesById.values()].flat().map((saver) => saver.userId))], tx);

    const now = new Date();
    const nexts = targets.map((target) => {
      const existing = existingById.get(target.productId);
      const captures = capturesById.get(target.productId) ?? [];
      // Each saver's latest price, however old: a lone new saver never sets the price because the others saved long ago.
      const next = nextProduct(target, existing, captures.length === 0 ? null : { captures, observations: observationsById.get(target.productId) ?? [], provedUserIds, page: pagesById.get(target.productId) ?? null });
      const at = target.observedAt ?? now;
      const priceMoved = existing !== undefined && ((existing.price ?? null) !== (next.price ?? null) || (existing.currency ?? null) !== (next.currency ?? null));
      return {
        target,
        existing,
        next,
        at,
        priceMoved,
        announced: existing !== undefined && priceChangeToAnnounce(existing, next),
        firstPrice: existing === undefined && (next.price ?? null) !== null,
        changed: !(existing && sameProduct(existing, next)),
      };
    });
    await this.recordShownPrices(nexts, tx);
    const saved = await this.products.upsertMany(nexts.filter(({ changed }) => changed).map(({ next }) => next), tx);
    await this.outbox.addMany(
      tx,
      'catalogue.product-upserted.v1',
      nexts.flatMap(({ target, changed }) => {
        const row = changed ? saved.get(target.productId) : undefined;
        return row ? [{ key: row.id, payload: { product: toProduct(row) }, correlationId: target.correlationId }] : [];
      }),
    );
    // Only when the shown price changed (never for a new product's first price), once, with the change.
    await this.outbox.addMany(
      tx,
      'catalogue.price-changed.v1',
      nexts.flatMap(({ target, existing, next, at, announced }) =>
        existing && announced
          ? [
              {
                key: target.productId,
                payload: {
                  product: { id: target.productId, name: next.name ?? existing.name, brand: next.brand ?? existing.brand, sourceUrl: safeLinkHref(next.sourceUrl ?? existing.sourceUrl) ?? '#' },
                  old: existing.price,
                  new: next.price ?? null,
                  currency: next.currency ?? existing.currency,
                  observedAt: at.toISOString(),
                },
                correlationId: target.correlationId,
              },
            ]
          : [],
      ),
    );
    return nexts.map(({ target, existing, changed }) => {
      const row = changed ? saved.get(target.productId) : existing;
      if (!row) throw new Error(`product ${target.productId} was not saved`);
      return { row, moved: changed ? [...listsShowing(existing), ...listsShowing(row)] : [] };
    });
  }

  /**
   * Keeps each change of the shown price (shown_prices) and sets the product's
   * price-drop badge from it: a changed price earns one (or loses it, see
   * priceDropOf) against the prices shown in the window before; a new
   * product's first price is recorded to compare later ones with.
   */
  private async recordShownPrices(
    nexts: ReadonlyArray<{ target: DeriveTarget; existing: ProductRow | undefined; next: NewProduct; at: Date; priceMoved: boolean; firstPrice: boolean }>,
    tx: Db,
  ): Promise<void> {
    const moved = nexts.filter(({ priceMoved, firstPrice }) => priceMoved || firstPrice);
    if (moved.length === 0) return;
    const earliest = new Date(Math.min(...moved.map(({ at }) => at.getTime())));
    const shownById = await this.products.shownPricesOf(
      moved.filter(({ priceMoved }) => priceMoved).map(({ target }) => target.productId),
      dropWindowStart(earliest),
      tx,
    );
    for (const { target, existing, next, at, priceMoved } of moved) {
      if (!priceMoved || !existing) continue;
      // The replaced price showed until now, whether or not it was recorded (products priced before shown prices were kept).
      const shown = [...(shownById.get(target.productId) ?? []), { amount: existing.price, currency: existing.currency, since: existing.updatedAt < at ? existing.updatedAt : at }];
      next.priceDrop = priceDropOf(shown, { amount: next.price ?? null, currency: next.currency ?? null }, at);
    }
    await this.products.addShownPrices(
      moved.map(({ target, next, at }) => ({ productId: target.productId, amount: next.price ?? null, currency: next.currency ?? null, since: at })),
      tx,
    );
  }

  private async visibleTo(row: ProductRow, caller: Caller | null): Promise<boolean> {
    if (row.listed && !row.hidden) return true;
    if (isAdmin(caller)) return true;
    return caller !== null && this.products.hasCapture(row.id, caller.uid);
  }
}

/** A product to derive again: its key, the administrator's new changes, and the event that caused it (for the product event's correlation id). */
interface DeriveTarget {
  productId: string;
  productKey: string;
  changes: AdminChanges;
  correlationId?: string;
  /** When what changes the product was observed (a page's read); now when unset. */
  observedAt?: Date;
}

/** What a product derives to: from its savers' evidence when it has any, else its row with the administrator's change applied. */
function nextProduct(
  { productId, productKey, changes }: DeriveTarget,
  existing: ProductRow | undefined,
  evidence: Pick<DerivationInput, 'captures' | 'observations' | 'provedUserIds' | 'page'> | null,
): NewProduct & { id: string } {
  const corrections = changes.corrections ?? ((existing?.corrections ?? {}) as Corrections);
  const adminGender = changes.adminGender ?? (existing?.genderSource === 'admin' ? normaliseGender(existing.gender) : null);
  const hidden = changes.hidden ?? existing?.hidden ?? false;
  const contestSettledAt = changes.contestSettledAt ?? existing?.contestSettledAt ?? null;
  const available = changes.available ?? existing?.available ?? true;
  // The badge stays as it was unless the shown price changes (recordShownPrices).
  const priceDrop = existing?.priceDrop ?? null;
  if (evidence) {
    const derived = deriveProduct({ productKey, ...evidence, corrections, adminGender, contestSettledAt });
    return { id: productId, productKey, ...derived, hidden, corrections, contestSettledAt, available, priceDrop };
  }
  // A product from before captures were kept: apply the administrator's change to what it has.
  if (existing) return { ...existing, ...corrections, ...(adminGender ? { gender: adminGender, genderSource: 'admin' } : {}), hidden, corrections, available, priceDrop };
  throw NOT_FOUND();
}

const DERIVED_FIELDS = ['name', 'brand', 'price', 'currency', 'priceText', 'imageUrl', 'description', 'sourceUrl', 'retailer', 'gender', 'genderSource', 'category', 'colour', 'listed', 'hidden', 'verified', 'available'] as const;

/** Nothing changed: what consumers see, the administrator's standing changes, the open contest. */
function sameProduct(existing: ProductRow, next: NewProduct): boolean {
  return (
    DERIVED_FIELDS.every((field) => (existing[field] ?? null) === (next[field] ?? null)) &&
    sortedJson(existing.corrections) === sortedJson(next.corrections) &&
    JSON.stringify(existing.contested ?? []) === JSON.stringify((next.contested ?? []) as ContestReason[]) &&
    (existing.contestSettledAt?.getTime() ?? null) === ((next.contestSettledAt as Date | null | undefined)?.getTime() ?? null)
  );
}

/** JSON with keys in one order (jsonb hands keys back in its own order). */
const sortedJson = (value: unknown): string => JSON.stringify(Object.entries((value ?? {}) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Whether a shown price's change is one to tell savers about (catalogue.price-changed.v1): the amount moved,
 * or a known currency became another. A currency becoming known, or no longer known, at the same amount
 * (a first page read naming the currency of a bare price) changes nothing a shopper would call a price change;
 * the shown-price history still records it.
 */
export function priceChangeToAnnounce(before: Pick<NewProduct, 'price' | 'currency'>, after: Pick<NewProduct, 'price' | 'currency'>): boolean {
  if ((before.price ?? null) !== (after.price ?? null)) return true;
  return before.currency != null && after.currency != null && before.currency !== after.currency;
}
