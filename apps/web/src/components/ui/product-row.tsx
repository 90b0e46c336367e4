import { useDeferredValue, type ReactNode } from 'react';
import { Carousel, CarouselSkeleton } from './carousel';
import { ProductCard, ProductCardSkeleton, type CardProduct } from './product-card';

export type RowProduct = CardProduct & { id: string };

export interface ProductRowProps<T extends RowProduct> {
  title: string;
  /** The row's products; undefined while they load (placeholders in the carousel's shape). */
  products: readonly T[] | undefined;
  /** A card was clicked: the page opens the quick view. */
  onOpen: (product: T) => void;
  /** More controls beside the heading, such as a "View all" link. */
  actions?: ReactNode;
  /** Shown under the heading when the row has no products; without it an empty row is not shown at all. */
  emptyText?: string;
  /** The page's first row: its first card's image is fetched at once, ahead of the others (the page's largest paint). */
  priority?: boolean;
}

/** A titled carousel of product cards (home rows, the catalogue pages' sections). */
export function ProductRow<T extends RowProduct>({ title, products: latest, onOpen, actions, emptyText, priority = false }: ProductRowProps<T>) {
  // A row of dozens of cards is rendered in the background, in slices the browser can interleave with
  // input and paint, while the placeholders (or the previous cards) stay on screen. The initial value
  // defers a row that mounts with its products already known (a cached list) too.
  const products = useDeferredValue(latest, undefined);
  if (products === undefined) {
    return <CarouselSkeleton title={title} renderPlaceholder={() => <ProductCardSkeleton as="div" />} />;
  }
  if (products.length === 0) {
    if (!emptyText) return null;
    return (
      <section className="carousel" aria-label={title}>
        <div className="carousel__header">
          <h2 className="carousel__title">{title}</h2>
        </div>
        <p className="carousel__empty">{emptyText}</p>
      </section>
    );
  }
  return (
    <Carousel
      title={title}
      actions={actions}
      items={products}
      getKey={(product) => product.id}
      renderItem={(product) => <ProductCard as="div" product={product} onOpen={onOpen} priority={priority && product === products[0]} />}
    />
  );
}
