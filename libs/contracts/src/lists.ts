import { z } from 'zod';
import { ProductView } from './catalogue';

/**
 * The browsing lists (spec §2 Home, Women, Men, Accessories; §7 calls): each
 * answers `ProductView[]` of listed, not hidden products only, cleaned as
 * spec §5 says (no product lacking a name, brand or price; one per name +
 * brand), each with its signed `displayImageUrl`.
 */

/** A list's gender rule (spec §2): Men or Women also shows Unisex (and unspecified) items; no gender shows all. */
export const LIST_GENDERS = ['Women', 'Men'] as const;
export const ListGender = z.enum(LIST_GENDERS, { error: `Must be one of ${LIST_GENDERS.join(', ')}` });
export type ListGender = z.infer<typeof ListGender>;

/** The categories with their own rows and pages (home is never listed on its own). */
export const LIST_CATEGORIES = ['tops', 'bottoms', 'shoes', 'outerwear', 'accessories'] as const;
export const ListCategory = z.enum(LIST_CATEGORIES, { error: `Must be one of ${LIST_CATEGORIES.join(', ')}` });
export type ListCategory = z.infer<typeof ListCategory>;

/** Most items any list answers (a carousel row or the accessories grid). */
export const MAX_LIST_ITEMS = 48;
/** New arrivals of one brand (spec: at most 16). */
export const MAX_NEW_ARRIVALS = 16;
/** Recommended for You: how many the home row asks for. */
export const RECOMMENDATION_COUNT = 16;

/**
 * GET /api/popular-items?category=all|accessories&gender=Women|Men: items
 * ranked by active saves, recent saves weighing more. Gender is omitted for
 * accessories.
 */
export const PopularItemsQuery = z
  .object({
    category: z.enum(['all', 'accessories'], { error: 'Must be all or accessories' }).default('all'),
    gender: ListGender.optional(),
  })
  .strict();
export type PopularItemsQuery = z.infer<typeof PopularItemsQuery>;

/** GET /api/products/category/{category}?gender=Women|Men (no gender for accessories: all). */
export const CategoryListParams = z.object({ category: ListCategory }).strict();
export const CategoryListQuery = z.object({ gender: ListGender.optional() }).strict();
export type CategoryListQuery = z.infer<typeof CategoryListQuery>;

/** GET /api/new-arrivals/{brand}: the brand's newest listed products, at most 16. */
export const NewArrivalsParams = z.object({ brand: z.string().trim().min(1, 'Brand is required').max(200, 'Brand must be at most 200 characters') }).strict();

export const ProductList = z.array(ProductView);
export type ProductList = z.infer<typeof ProductList>;
