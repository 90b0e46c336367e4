import type { ProductView } from '@closetly/contracts';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProductRow } from '@/components/ui/product-row';

export interface QueryRowProps<TKey extends QueryKey> {
  title: string;
  query: UseQueryOptions<ProductView[], Error, ProductView[], TKey>;
  onOpen: (product: ProductView) => void;
  /** Keeps only the products this returns true for (the gender filter). */
  filter?: (product: ProductView) => boolean;
  actions?: ReactNode;
  /** The page's first row (see ProductRow). */
  priority?: boolean;
}

/** A home row fed by one list call: placeholders while it loads; left out when it has no items or failed. */
export function QueryRow<TKey extends QueryKey>({ title, query, onOpen, filter, actions, priority }: QueryRowProps<TKey>) {
  const { data, isError } = useQuery(query);
  const products = data ? (filter ? data.filter(filter) : data) : isError ? [] : undefined;
  return <ProductRow title={title} products={products} onOpen={onOpen} actions={actions} priority={priority} />;
}
