import { Inject, Injectable } from '@nestjs/common';
import type { Capture, Category, Product, ProductGender, SizedCategory, UserGender } from '@closetly/contracts';
import { DATABASE, type Db, excludedValues, inKeyOrder } from '@closetly/server';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { catalogueProducts, saves, shopperProfiles } from '../db/schema';

/** One save as the recommender reads it. */
export interface SaveFact {
  userId: string;
  itemId: string;
  at: Date;
}

/** What the recommender reads of a public product, and what list cleaning needs (spec §5). */
export interface ProductSummary {
  id: string;
  name: string;
  brand: string;
  price: number | null;
  gender: ProductGender;
  category: Category;
}

/** The caller's own save: the product and the name and brand they captured. */
export interface OwnSave {
  productId: string;
  name: string;
  brand: string;
}

/** A shopper's profile as profile.updated.v1 last described it. */
export interface ShopperProfile {
  userId: string;
  gender: UserGender;
  favoriteBrands: string[];
  sizedCategories: SizedCategory[];
}

const toProduct = (row: typeof catalogueProducts.$inferSelect): Product => ({
  id: row.productId,
  name: row.name,
  brand: row.brand,
  price: row.price,
  currency: row.currency,
  priceText: row.priceText,
  imageUrl: row.imageUrl,
  description: row.description,
  sourceUrl: row.sourceUrl,
  retailer: row.retailer,
  gender: row.gender as ProductGender,
  category: row.category as Category,
  colour: row.colour,
  listed: row.listed,
  hidden: row.hidden,
  updatedAt: row.updatedAt.toISOString(),
});

/** A published product as the wardrobe's copy keeps it. */
function catalogueRowOf(product: Product): typeof catalogueProducts.$inferInsert {
  return {
    productId: product.id,
    name: product.name,
    brand: product.brand,
    price: product.price,
    currency: product.currency,
    priceText: product.priceText,
    imageUrl: product.imageUrl,
    description: product.description,
    sourceUrl: product.sourceUrl,
    retailer: product.retailer,
    gender: product.gender,
    category: product.category,
    colour: product.colour,
    listed: product.listed,
    hidden: product.hidden,
    updatedAt: new Date(product.updatedAt),
  };
}

/** Every column of the copy but its key: a product published again replaces them all. */
const REPLACED_FIELDS = ['name', 'brand', 'price', 'currency', 'priceText', 'imageUrl', 'description', 'sourceUrl', 'retailer', 'gender', 'category', 'colour', 'listed', 'hidden', 'updatedAt'] as const;

/** The recommender's read model (the catalogue's products, shoppers' profiles) and the saves it learns from. Queries only. */
@Injectable()
export class RecommendationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  upsertProduct(product: Product, tx: Db): Promise<void> {
    return this.upsertProducts([product], tx);
  }

  /** upsertProduct for several products (each once), in one statement, in product id order. */
  async upsertProducts(products: readonly Product[], tx: Db): Promise<void> {
    if (products.length === 0) return;
    const rows = inKeyOrder(products, (product) => product.id).map(catalogueRowOf);
    await tx.insert(catalogueProducts).values(rows).onConflictDoUpdate({ target: catalogueProducts.productId, set: excludedValues(catalogueProducts, REPLACED_FIELDS) });
  }

  async deleteProduct(productId: string, tx: Db): Promise<void> {
    await tx.delete(catalogueProducts).where(eq(catalogueProducts.productId, productId));
  }

  async upsertProfile(profile: ShopperProfile, tx: Db): Promise<void> {
    const { userId, ...fields } = profile;
    await tx
      .insert(shopperProfiles)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: shopperProfiles.userId, set: { ...fields, updatedAt: sql`now()` } });
  }

  async findProfile(userId: string): Promise<ShopperProfile | undefined> {
    const [row] = await this.db.select().from(shopperProfiles).where(eq(shopperProfiles.userId, userId));
    return (
      row && {
        userId: row.userId,
        gender: row.gender as UserGender,
        favoriteBrands: row.favoriteBrands as string[],
        sizedCategories: row.sizedCategories as SizedCategory[],
      }
    );
  }

  async deleteProfile(userId: string, tx: Db): Promise<void> {
    await tx.delete(shopperProfiles).where(eq(shopperProfiles.userId, userId));
  }

  countProfiles(userId: string): Promise<number> {
    return this.db.$count(shopperProfiles, eq(shopperProfiles.userId, userId));
  }

  /** The newest `limit` saves of everyone. */
  async newestSaves(limit: number): Promise<SaveFact[]> {
    const rows = await this.db
      .select({ userId: saves.userId, itemId: saves.productId, at: saves.savedAt })
      .from(saves)
      .orderBy(desc(saves.savedAt))
      .limit(limit);
    return rows;
  }

  /** Every save of one user, with the name and brand they captured. */
  async savesOf(userId: string): Promise<OwnSave[]> {
    const rows = await this.db.select({ productId: saves.productId, capture: saves.capture }).from(saves).where(eq(saves.userId, userId));
    return rows.map(({ productId, capture }) => ({ productId, name: (capture as Capture).name, brand: (capture as Capture).brand }));
  }

  /** The products other people may see: listed and not hidden. */
  async publicProducts(): Promise<ProductSummary[]> {
    const rows = await this.db
      .select({
        id: catalogueProducts.productId,
        name: catalogueProducts.name,
        brand: catalogueProducts.brand,
        price: catalogueProducts.price,
        gender: catalogueProducts.gender,
        category: catalogueProducts.category,
      })
      .from(catalogueProducts)
      .where(and(eq(catalogueProducts.listed, true), eq(catalogueProducts.hidden, false)));
    return rows.map((row) => ({ ...row, gender: row.gender as ProductGender, category: row.category as Category }));
  }

  /** The products with these ids as the read model holds them now (listed and hidden included), in no particular order. */
  async products(ids: readonly string[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(catalogueProducts)
      .where(inArray(catalogueProducts.productId, [...ids]));
    return rows.map(toProduct);
  }
}
