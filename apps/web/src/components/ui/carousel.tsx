import { lazy, startTransition, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
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

/**
 * Slides drawn at once, then added in batches of this size while the browser is idle: a row of
 * dozens of cards never costs one long task (its DOM, layout and image setup), and the first two
 * pages of a wide screen are there from the start.
 */
export const SLIDES_PER_BATCH = 8;

/** Runs `task` when the browser is idle (soon after, where it cannot say). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 500 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 16);
  return () => window.clearTimeout(timer);
}

/** How many of `total` slides to draw now: one batch at first, one more each time the browser is idle. */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(() => Math.min(total, SLIDES_PER_BATCH));
  useEffect(() => {
    if (count >= total) return undefined;
    return whenIdle(() => startTransition(() => setCount((drawn) => Math.min(total, drawn + SLIDES_PER_BATCH))));
  }, [count, total]);
  return Math.min(count, total);
}

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
 * Whether Embla may start: once every slide is drawn and the browser is next idle. Embla measures
 * every slide when it starts; after the paint the layout is already known, so measuring forces none.
 */
function useStartWhenDrawn(allDrawn: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!allDrawn || ready) return undefined;
    return whenIdle(() => setReady(true));
  }, [allDrawn, ready]);
  return ready;
}

/** Under this preference a page turn jumps instead of gliding (WCAG 2.3.3). */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * A row of items with previous and next controls (spec §2 Home: 4 items per page, 1 under 640 px),
 * following the WAI-ARIA carousel pattern: a labelled region whose slides are groups named
 * "Item n of m". Keyboard: the buttons, Tab through the items, and Left/Right arrows anywhere inside.
 * Nothing moves on its own (no autoplay, so no pause control is needed); it moves only when asked,
 * and without animation when the visitor prefers reduced motion.
 */
export function Carousel<T>({ title, actions, items, getKey, renderItem }: CarouselProps<T>) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaApi | undefined>(undefined);
  const { canPrev, canNext } = useScrollState(embla);
  const headingId = useId();
  const viewportId = useId();
  const drawn = useProgressiveCount(items.length);
  const moving = useStartWhenDrawn(drawn === items.length);
  const jump = useMediaQuery(REDUCED_MOTION_QUERY);
  const previous = () => embla?.scrollPrev(jump);
  const next = () => embla?.scrollNext(jump);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // At a row's end its button is disabled, which would drop the focus to the page: the other button takes it.
  // A layout effect, so it moves before the browser lets go of the disabled button.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (!canNext && canPrev && focused === nextButton.current) previousButton.current?.focus();
    else if (!canPrev && canNext && focused === previousButton.current) nextButton.current?.focus();
  }, [canPrev, canNext]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === 'ArrowLeft' && canPrev) {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight' && canNext) {
      event.preventDefault();
      next();
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
            ref={previousButton}
            disabled={!canPrev}
            onClick={previous}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="icon-button carousel__button"
            aria-label="Next items"
            aria-controls={viewportId}
            ref={nextButton}
            disabled={!canNext}
            onClick={next}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <div className="carousel__viewport" ref={setViewport} id={viewportId}>
        <div className="carousel__track">
          {items.slice(0, drawn).map((item, index) => (
            <div key={getKey(item)} className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`Item ${index + 1} of ${items.length}`}>
              {renderItem(item)}
            </div>
          ))}
        </div>
      </div>
      {viewport && moving ? (
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
