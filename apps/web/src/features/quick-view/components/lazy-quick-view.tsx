import { lazy, Suspense, useState } from 'react';
import type { QuickViewProps } from './quick-view';

const QuickViewDialog = lazy(() => import('./quick-view').then((module) => ({ default: module.QuickView })));

/**
 * The quick view, fetched with its dialog code the first time a product is opened, then kept
 * mounted so closing it animates and returns focus like any Radix dialog. Pages show it with
 * `product` set and close it with `null`, as they would the eager one.
 */
export function LazyQuickView(props: QuickViewProps) {
  const [wanted, setWanted] = useState(false);
  if (props.product !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <QuickViewDialog {...props} />
    </Suspense>
  );
}
