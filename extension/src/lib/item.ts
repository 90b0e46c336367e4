import type { ItemInput, PriceObservationRequest } from '@closetly/contracts';
import type { PageCapture } from './capture-page';

/** The fields the popup lets the user correct before saving. */
export interface ItemEdits {
  name?: string;
  brand?: string;
  price?: string;
  gender?: string;
  colour?: string;
  imageUrl?: string;
}

/**
 * The save body for a capture and the user's corrections; null while a
 * required field (name, brand, price) is missing, so the popup asks for it.
 * The source address is the page's canonical one.
 */
export function itemFromCapture(capture: PageCapture, edits: ItemEdits = {}): ItemInput | null {
  const name = (edits.name ?? capture.name ?? '').trim();
  const brand = (edits.brand ?? capture.brand ?? '').trim();
  // The page's own amount keeps its currency; a price the user typed is read as they wrote it ("€49,95").
  const typed = edits.price?.trim();
  const unchanged = typed === undefined || (capture.price !== null && typed === String(capture.price));
  const price = unchanged ? capture.price : typed;
  if (!name || !brand || price === null || price === '') return null;
  const imageUrl = edits.imageUrl ?? capture.imageUrl ?? undefined;
  const gender = edits.gender ?? capture.gender ?? undefined;
  // Optional: a cleared field sends none (the server keeps no colour), never a blank one.
  const colour = (edits.colour ?? capture.colour ?? '').trim();
  return {
    name,
    brand,
    price: typeof price === 'number' && capture.currency && capture.currency !== 'USD' ? `${price} ${capture.currency}` : price,
    ...(imageUrl ? { imageUrl } : {}),
    ...(capture.description ? { description: capture.description.slice(0, 5000) } : {}),
    sourceUrl: capture.sourceUrl || capture.pageUrl,
    ...(gender ? { gender } : {}),
    ...(capture.category ? { category: capture.category } : {}),
    ...(colour ? { colour } : {}),
  };
}

/**
 * What the popup reports of a page the shopper saved (issue 25): the price the page shows them, with its
 * currency as a save sends it, so the server can keep the product's price fresh where its own reads are
 * blocked. Null when the page shows no price.
 */
export function observationFromCapture(productId: string, capture: PageCapture): PriceObservationRequest | null {
  if (capture.price === null) return null;
  const price = capture.currency && capture.currency !== 'USD' ? `${capture.price} ${capture.currency}` : capture.price;
  return { productId, price };
}
