import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';

/**
 * Embla does the moving: swipe and drag, snapping a page at a time (`slidesToScroll: 'auto'` groups
 * the slides that fit, so 4 per page, or 1 under 640 px where each slide is as wide as the row, see
 * carousel.css), and a slide that receives focus is scrolled into view (`watchFocus`), so tabbing
 * through the cards never leaves the focus off screen.
 */
const OPTIONS = { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps', watchFocus: true } as const;

export type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

export interface CarouselMotionProps {
  /** The carousel's viewport, already on screen. */
  viewport: HTMLElement;
  /** Receives Embla once it runs on the viewport (and `undefined` when it stops). */
  onApi: (api: EmblaApi | undefined) => void;
}

/**
 * Embla on a carousel that is already drawn. Its own chunk, fetched once the first carousel is on
 * screen: the rows paint from CSS alone (carousel.css lays the slides out), and the controls wake up
 * when this arrives.
 */
export function CarouselMotion({ viewport, onApi }: CarouselMotionProps) {
  const [setViewport, api] = useEmblaCarousel(OPTIONS);
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
