import { lazy, Suspense, useCallback, useId, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { EmblaApi } from './carousel-motion';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Embla (swipe, drag, paging; see carousel-motion.tsx), fetched after the first carousel is drawn. */
const CarouselMotion = lazy(() => import('./carousel-motion').then((module) => ({ default: module.CarouselMotion })));

export interface CarouselProps<T> {
  /** The visible heading; it also names the carousel region. */
  title: string;
  /** More controls beside the heading, such as a "View all" link. */
  actions?: ReactNode;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

const NO_SCROLL = 'false|false';

/** Whether the carousel can move back and forward, kept in step with Embla's events. */
function useScrollState(embla: EmblaApi | undefined): { canPrev: boolean; canNext: boolean } {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!embla) return () => undefined;
      embla.on('init', onChange).on('reInit', onChange).on('select', onChange).on('resize', onChange);
      return () => {
        embla.off('init', onChange).off('reInit', onChange).off('select', onChange).off('resize', onChange);
      };
    },
    [embla],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (embla ? `${embla.canScrollPrev()}|${embla.canScrollNext()}` : NO_SCROLL),
    () => NO_SCROLL,
  );
  const [canPrev, canNext] = snapshot.split('|').map((flag) => flag === 'true');
  return { canPrev: canPrev === true, canNext: canNext === true };
}

/**
 * A row of items with previous and next controls (spec §2 Home: 4 items per page, 1 under 640 px),
 * following the WAI-ARIA carousel pattern: a labelled region whose slides are groups named
 * "Item n of m". Keyboard: the buttons, Tab through the items, and Left/Right arrows anywhere inside.
 */
export function Carousel<T>({ title, actions, items, getKey, renderItem }: CarouselProps<T>) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaApi | undefined>(undefined);
  const { canPrev, canNext } = useScrollState(embla);
  const headingId = useId();
  const viewportId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === 'ArrowLeft' && canPrev) {
      event.preventDefault();
      embla?.scrollPrev();
    } else if (event.key === 'ArrowRight' && canNext) {
      event.preventDefault();
      embla?.scrollNext();
    }
  };

  return (
    // The region handles arrow keys for whichever of its controls or items has the focus.
    <section className="carousel" role="region" aria-roledescription="carousel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="carousel__header">
        <h2 id={headingId} className="carousel__title">
          {title}
        </h2>
        {actions ? <div className="carousel__actions">{actions}</div> : null}
        <div className="carousel__controls">
          <button
            type="button"
            className="icon-button carousel__button"
            aria-label="Previous items"
            aria-controls={viewportId}
            disabled={!canPrev}
            onClick={() => embla?.scrollPrev()}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="icon-button carousel__button"
            aria-label="Next items"
            aria-controls={viewportId}
            disabled={!canNext}
            onClick={() => embla?.scrollNext()}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <div className="carousel__viewport" ref={setViewport} id={viewportId}>
        <div className="carousel__track">
          {items.map((item, index) => (
            <div key={getKey(item)} className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`Item ${index + 1} of ${items.length}`}>
              {renderItem(item)}
            </div>
          ))}
        </div>
      </div>
      {viewport ? (
        <Suspense fallback={null}>
          <CarouselMotion viewport={viewport} onApi={setEmbla} />
        </Suspense>
      ) : null}
    </section>
  );
}

export interface CarouselSkeletonProps {
  title: string;
  /** Placeholders drawn in the slides' shape (as many as a wide page shows). */
  count?: number;
  renderPlaceholder: (index: number) => ReactNode;
}

/** The carousel's shape while its items load: the heading and a page of placeholders, so nothing jumps when they arrive. */
export function CarouselSkeleton({ title, count = 4, renderPlaceholder }: CarouselSkeletonProps) {
  const headingId = useId();
  return (
    <section className="carousel" aria-labelledby={headingId} aria-busy="true">
      <div className="carousel__header">
        <h2 id={headingId} className="carousel__title">
          {title}
        </h2>
      </div>
      <div className="carousel__viewport">
        <div className="carousel__track">
          {Array.from({ length: count }, (_, index) => (
            <div key={index} className="carousel__slide" aria-hidden="true">
              {renderPlaceholder(index)}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
