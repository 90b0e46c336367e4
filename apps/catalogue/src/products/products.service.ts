import { Injectable } from '@nestjs/common';
import type { Caller, ItemInput, Product } from '@closetly/contracts';
import { canonicalSourceUrl, inferCategory, normaliseGender, parsePrice, retailerFromUrl } from '@closetly/catalogue-rules';
import { OutboxWriter, UnitOfWork } from '@closetly/server';
import { CatalogueError } from '../catalogue.errors';
import { type NewProduct, type ProductRow, ProductsRepository } from './products.repository';

/** Only http(s) links are kept as source and image URLs; anything else is dropped. */
function webUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    price: row.price,
    currency: row.currency,
    priceText: row.priceText,
    imageUrl: row.imageUrl,
    description: row.description,
    sourceUrl: row.sourceUrl,
    retailer: row.retailer,
    gender: normaliseGender(row.gender),
    category: row.category as Product['category'],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The catalogue grows from saves: normalise, de-duplicate, infer the category, publish the fact. */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
  ) {}

  async upsertFromItem(item: ItemInput): Promise<Product> {
    const row = await this.uow.run(async (tx) => {
      const saved = await this.products.upsert(this.normalise(item), tx);
      const product = toProduct(saved);
      await this.outbox.add(tx, 'catalogue.product-upserted.v1', product.id, { product });
      return saved;
    });
    return toProduct(row);
  }

  async get(id: string): Promise<Product> {
    const row = await this.products.findById(id);
    if (!row) throw new CatalogueError('NOT_FOUND', 'Item not found');
    return toProduct(row);
  }

  async recordFeedback(productId: string, userId: string | null, gender: string): Promise<void> {
    if (!(await this.products.findById(productId))) throw new CatalogueError('NOT_FOUND', 'Item not found');
    await this.products.addFeedback(productId, userId, gender);
  }

  async listMissingGender(caller: Caller): Promise<Product[]> {
    this.requireAdmin(caller);
    return (await this.products.listMissingGender()).map(toProduct);
  }

  async setGender(caller: Caller, productId: string, gender: string): Promise<Product> {
    this.requireAdmin(caller);
    const row = await this.uow.run(async (tx) => {
      const updated = await this.products.setGender(productId, gender, tx);
      if (!updated) throw new CatalogueError('NOT_FOUND', 'Item not found');
      await this.outbox.add(tx, 'catalogue.product-upserted.v1', updated.id, { product: toProduct(updated) });
      return updated;
    });
    return toProduct(row);
  }

  /** Admin calls are checked here too, not only at the gateway. */
  private requireAdmin(caller: Caller): void {
    if (!caller.roles.includes('admin')) throw new CatalogueError('FORBIDDEN', 'Unauthorized access.');
  }

  private normalise(item: ItemInput): NewProduct {
    const { amount, currency } = parsePrice(item.price);
    const sourceUrl = webUrl(item.sourceUrl);
    const canonical = sourceUrl ? canonicalSourceUrl(sourceUrl) : null;
    const explicitGender = item.gender !== undefined && item.gender.trim() !== '';
    const description = item.description?.trim() ?? '';
    return {
      dedupeKey: canonical ? `url:${canonical}` : `name:${item.name.toLowerCase()}|${item.brand.toLowerCase()}`,
      name: item.name,
      brand: item.brand,
      price: amount,
      currency,
      priceText: typeof item.price === 'string' ? item.price : null,
      imageUrl: webUrl(item.imageUrl ?? item.image),
      description,
      sourceUrl: sourceUrl ?? '#',
      retailer: sourceUrl ? retailerFromUrl(sourceUrl) : null,
      gender: normaliseGender(item.gender),
      genderSource: explicitGender ? 'item' : 'default',
      category: inferCategory({ name: item.name, description }).category,
    };
  }
}
