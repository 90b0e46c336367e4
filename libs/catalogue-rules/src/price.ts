/**
 * The price grammar is part of the API contract (a save's `data.price` is
 * validated with it), so it lives in @closetly/contracts; re-exported here
 * because every catalogue rule reads prices.
 */
export { formatUsd, parsePrice, PRICE_BAND_LABELS, PRICE_BANDS, PRICE_FORMAT_MESSAGE, priceBand, type ParsedPrice, type PriceBand } from '@closetly/contracts';
