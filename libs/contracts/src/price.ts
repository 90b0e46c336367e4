/**
 * Prices (spec §3: a price is a number or text such as a sale-price string;
 * spec §9: price bands, US-dollar formatting, N/A when missing).
 *
 * `parsePrice` reads what retailer pages put in a price field:
 * - a number: used as is when finite and not negative; its currency is
 *   unknown (null).
 * - text: every number in it is found ("1,299.00", "12,50", "1.299,00",
 *   "1'299"), and one is chosen:
 *   1. numbers that are not prices are skipped: followed by "%" or "off"
 *      ("25% off", "$20 off") or introduced by "save" ("Save $20");
 *   2. each remaining number is labelled by the nearest marker word between
 *      it and the previous number: current ("now", "sale", "sale price",
 *      "our price", "offer", "deal", "special") or former ("was", "orig",
 *      "original", "regular", "reg", "rrp", "msrp", "list price", "compare
 *      at", "before", "retail", "usually", "previously");
 *   3. the first number labelled current wins ("Was $80 Now $59.99",
 *      "Sale: $59.99 (was $80)" → 59.99);
 *   4. otherwise former prices are set aside; when the rest is a range
 *      (numbers joined by "-", "–", "—", "~" or "to") the lowest of it is the
 *      price ("59.99 - 79.99" → 59.99, as shops show "from" prices),
 *      otherwise the last number (a struck-through price usually comes
 *      first: "$80 $59.99" → 59.99);
 *   5. when every number is a former price the last one is used.
 * - Text is read only when it looks like something a shop prints. It is no
 *   price at all (never a guess) when:
 *   - it has no number ("Free", "N/A", "Call for price", "NaN", "Infinity");
 *   - a number is glued to letters that are not a currency code ("12abc",
 *     "1e309", "0x1F"; "59.99USD" and "EUR49,95" are fine);
 *   - a number carries a minus sign ("-1", "$-5", "-$5"; a dash between two
 *     numbers is a range);
 *   - the amount is above MAX_PRICE (no garment costs a billion).
 * - Decimal separators: with both "," and "." the later one is the decimal
 *   point; a lone "," followed by one or two digits is a decimal comma
 *   ("12,50" → 12.5), followed by three digits a thousands separator
 *   ("1,299"); a lone "." followed by exactly three digits after one to three
 *   digits is a thousands separator ("1.299" → 1299: prices do not have
 *   three decimals); a separator with no digit before it starts the decimals
 *   (".5" → 0.5); "'" and repeated separators group thousands, in groups of
 *   three after one to three digits ("1.299.000"), or the Indian lakh
 *   ("1,00,000"). A number grouped any other way ("12.00.00") is not read, and
 *   text where two separators stand between digits ("12..5") is no price.
 * - `{ strict: true }` reads a price field someone typed or sent (the save
 *   request): the text must be a price and nothing else, amounts, currency
 *   marks and the marker, range and discount words above ("Was $80 Now
 *   $59.99", "From $49 to $99"), and every number in it must be readable.
 *   "12 abc" and "$59.99 in 3 colours" are no price there, while page text
 *   (the default) reads 12 and 59.99 from them.
 * - Currency: a code (USD, EUR, GBP, …) or a symbol ("$" → USD, "US$",
 *   "C$" → CAD, "A$"/"AU$" → AUD, "£" → GBP, "€" → EUR, "¥" → JPY, …);
 *   null when the text names none. The amount is never converted.
 * Anything else (null, blank, a negative, non-finite or absurd number) is
 * `{ amount: null, currency: null }`.
 */

/** Above this an amount is a typo or an attack, not a price. */
export const MAX_PRICE = 1_000_000_000;

/** The message a save's `data.price` gets when it cannot be read. */
export const PRICE_FORMAT_MESSAGE = 'Price must be an amount as a shop shows it, such as 49.99 or $49.99';

export interface ParsedPrice {
  amount: number | null;
  currency: string | null;
}

const NO_PRICE: ParsedPrice = { amount: null, currency: null };

export interface ParsePriceOptions {
  /** A price field rather than page text: nothing but a price, every number readable (see parsePrice). */
  strict?: boolean;
}

export function parsePrice(value: number | string | null | undefined, options: ParsePriceOptions = {}): ParsedPrice {
  if (typeof value === 'number') return isAmount(value) ? { amount: value, currency: null } : NO_PRICE;
  if (typeof value !== 'string') return NO_PRICE;
  const text = value.replace(/[\u00a0\u2007\u202f]/g, ' ').trim();
  if (text === '' || !looksLikeShopPrice(text)) return NO_PRICE;
  if (options.strict && !isOnlyAPrice(text)) return NO_PRICE;

  const numbers = findNumbers(text, options.strict === true);
  if (numbers === null || numbers.length === 0) return NO_PRICE;
  const chosen = choosePrice(text, numbers);
  if (chosen === null || !isAmount(chosen)) return NO_PRICE;
  return { amount: chosen, currency: detectCurrency(text) };
}

const isAmount = (value: number): boolean => Number.isFinite(value) && value >= 0 && value <= MAX_PRICE;

/** A number as shops print it; a separator no letter or digit stands before may start it (".5"). */
const DIGITS = /(?:(?<![\p{L}\d])[.,](?=\d))?\d+(?:[.,']\d+)*/gu;
/** Two separators in a row between digits ("12..5", "1,,299"): a typo or a trick, never a price. */
const SEPARATOR_RUN = /\d[.,'][.,']+\d/;
const MINUS = /[-\u2212]$/;

/** No number glued to a non-currency word, no minus sign before a number (see parsePrice). */
function looksLikeShopPrice(text: string): boolean {
  if (SEPARATOR_RUN.test(text)) return false;
  for (const match of text.matchAll(DIGITS)) {
    const start = match.index;
    const end = start + match[0].length;
    const wordBefore = /\p{L}+$/u.exec(text.slice(0, start))?.[0];
    const wordAfter = /^\p{L}+/u.exec(text.slice(end))?.[0];
    if ((wordBefore !== undefined && !isCurrencyWord(wordBefore)) || (wordAfter !== undefined && !isCurrencyWord(wordAfter))) return false;
    // What stands before the number, currency marks and spaces aside: a minus there is a sign, unless a number precedes it (a range).
    const before = text.slice(0, start).replace(CURRENCY_BEFORE, '').trimEnd();
    if (MINUS.test(before) && !/\d\s*$/.test(before.slice(0, -1).replace(CURRENCY_BEFORE, '').trimEnd())) return false;
  }
  return true;
}

/** Local words for a currency that shops write right next to the amount ("299kr", "199zł", "Rs1,299"). */
const CURRENCY_WORDS = new Set(['KR', 'ZŁ', 'RS', 'LEI', 'FT']);
const isCurrencyWord = (word: string): boolean => CURRENCY_CODES.includes(word.toUpperCase()) || CURRENCY_WORDS.has(word.toUpperCase());

interface FoundNumber {
  value: number;
  start: number;
  end: number;
  label: 'current' | 'former' | 'none';
  /** A currency sign or code stands right before or after it ("$59.99", "59.99 USD"). */
  marked: boolean;
}

const CURRENT_MARKERS = ['now', 'sale', 'sale price', 'our price', 'offer', 'deal', 'special'];
const FORMER_MARKERS = ['was', 'orig', 'original', 'regular', 'reg', 'rrp', 'msrp', 'list price', 'compare at', 'before', 'retail', 'usually', 'previously'];
const MARKER_PATTERN = new RegExp(`\\b(${[...CURRENT_MARKERS, ...FORMER_MARKERS].sort((a, b) => b.length - a.length).join('|')})\\b`, 'gi');

/** The numbers of the text; in a strict reading, null when one of them is not a number as shops group it ("12.00.00"). */
function findNumbers(text: string, strict: boolean): FoundNumber[] | null {
  const found: FoundNumber[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(DIGITS)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(previousEnd, start);
    // A discount is not a price; the text before it still counts for the next number.
    if (/^\s*(%|off\b)/i.test(text.slice(end)) || /\bsave\b\D*$/i.test(before)) continue;
    const value = parseNumber(match[0]);
    if (value === null) {
      if (strict) return null;
      continue;
    }
    previousEnd = end;
    const marked = CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 6), start)) || CURRENCY_AFTER.test(text.slice(end, end + 6));
    found.push({ value, start, end, label: labelOf(before), marked });
  }
  return found;
}

function labelOf(before: string): FoundNumber['label'] {
  const markers = [...before.matchAll(MARKER_PATTERN)];
  const nearest = markers.at(-1)?.[1]?.toLowerCase();
  if (nearest === undefined) return 'none';
  return CURRENT_MARKERS.includes(nearest) ? 'current' : 'former';
}

function choosePrice(text: string, numbers: FoundNumber[]): number | null {
  const current = numbers.find((n) => n.label === 'current');
  if (current) return current.value;
  const unlabelled = numbers.filter((n) => n.label !== 'former');
  if (unlabelled.length === 0) return numbers.at(-1)?.value ?? null;
  // "$59.99 in 3 colours": when some numbers carry a currency, the bare ones are counts, not prices.
  const priced = unlabelled.filter((n) => n.marked);
  const rest = priced.length > 0 ? priced : unlabelled;
  const last = rest.at(-1) as FoundNumber;
  // The range that ends with the last number, e.g. "From $59.99 to $79.99".
  const range = [last];
  for (let i = rest.length - 2; i >= 0; i--) {
    const left = rest[i] as FoundNumber;
    const right = range[0] as FoundNumber;
    if (!isRangeJoin(text.slice(left.end, right.start))) break;
    range.unshift(left);
  }
  return range.length > 1 ? Math.min(...range.map((n) => n.value)) : last.value;
}

function isRangeJoin(between: string): boolean {
  const stripped = between.replace(CURRENCY_TOKEN, ' ').trim().toLowerCase();
  return ['-', '–', '—', '~', 'to'].includes(stripped);
}

/** The amount a number stands for; null when its separators group it in no way shops print ("12.00.00", "1,2,3.50"). */
function parseNumber(raw: string): number | null {
  let digits: string;
  const cleaned = raw.replace(/'/g, '');
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    const [integer = '', fraction = '', ...more] = cleaned.split(decimal);
    if (more.length > 0 || !isGrouped(integer, thousands)) return null;
    digits = `${integer.split(thousands).join('')}.${fraction}`;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? ',' : '.';
    const groups = cleaned.split(separator);
    const tail = groups.at(-1) as string;
    const head = groups[0] as string;
    // "12,50", "49.9" and ".5" are decimals; "1,299" and "1.299" group thousands ("0.999" stays a decimal).
    const isDecimal =
      groups.length === 2 && (head === '' || (separator === ',' ? tail.length <= 2 : !(tail.length === 3 && head.length <= 3 && head !== '0')));
    if (!isDecimal && !isGrouped(cleaned, separator)) return null;
    digits = isDecimal ? groups.join('.') : groups.join('');
  } else {
    digits = cleaned;
  }
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}

/** Whole digits with no separator, or grouped by it in threes after one to three digits, or (with ",") the Indian lakh: "1,00,000". */
function isGrouped(integer: string, separator: string): boolean {
  const [head = '', ...groups] = integer.split(separator);
  if (groups.length === 0) return head !== '';
  if (head.length < 1 || head.length > 3) return false;
  if (groups.every((group) => group.length === 3)) return true;
  const last = groups.at(-1) as string;
  return separator === ',' && head.length <= 2 && last.length === 3 && groups.slice(0, -1).every((group) => group.length === 2);
}

/** ISO codes recognised when written out. */
const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'INR', 'KRW', 'MXN', 'BRL', 'ZAR', 'AED', 'SAR', 'TRY'];
const CODE_PATTERN = new RegExp(`(?<!\\p{L})(${CURRENCY_CODES.join('|')})(?!\\p{L})`, 'iu');

/** Currency symbols, most specific first; a lettered prefix must not be the end of a word ("ABC$"). */
const CURRENCY_SYMBOLS: ReadonlyArray<readonly [RegExp, string]> = [
  // Marketplaces print the prefix apart from the sign: "C $45.99", "AU $12.00".
  [/(?<!\p{L})US ?\$/iu, 'USD'],
  [/(?<!\p{L})(CA|C) ?\$/iu, 'CAD'],
  [/(?<!\p{L})(AU|A) ?\$/iu, 'AUD'],
  [/(?<!\p{L})NZ ?\$/iu, 'NZD'],
  [/(?<!\p{L})HK ?\$/iu, 'HKD'],
  [/(?<!\p{L})MX ?\$/iu, 'MXN'],
  [/(?<!\p{L})S ?\$/iu, 'SGD'],
  [/(?<!\p{L})R ?\$/iu, 'BRL'],
  [/\$/, 'USD'],
  [/£/, 'GBP'],
  [/€/, 'EUR'],
  // The full-width yen sign is how Japanese pages print it.
  [/[¥￥]/, 'JPY'],
  [/zł/iu, 'PLN'],
  [/Kč/u, 'CZK'],
  [/₹/, 'INR'],
  [/₩/, 'KRW'],
  [/₺/, 'TRY'],
];

/** Currency marks removed when deciding whether the text between two numbers joins a range. */
const CURRENCY_TOKEN = new RegExp(`(?<!\\p{L})(?:${CURRENCY_CODES.join('|')})(?!\\p{L})|(?<!\\p{L})[A-Za-z]{0,2}\\$|[£€¥￥₹₩₺]`, 'giu');

/** A currency mark ending / starting a short stretch of text next to a number. */
const CURRENCY_BEFORE = new RegExp(`(?:${CURRENCY_TOKEN.source})\\s*$`, 'iu');
const CURRENCY_AFTER = new RegExp(`^\\s*(?:${CURRENCY_TOKEN.source})`, 'iu');

/** Words a price field may hold besides amounts and currencies: the markers, range and discount words parsePrice reads. */
const PRICE_WORDS = new Set([...CURRENT_MARKERS, ...FORMER_MARKERS, 'from', 'to', 'save', 'off', 'price'].flatMap((words) => words.split(' ')));
/** Punctuation a price field may hold: ranges, labels, brackets, percentages. */
const PRICE_PUNCTUATION = /^[\s:()[\]\-–—~%/|,.!*+]*$/u;
const ALL_CODES = new RegExp(CODE_PATTERN.source, 'giu');
const ALL_SYMBOLS = CURRENCY_SYMBOLS.map(([pattern]) => new RegExp(pattern.source, `${pattern.flags}g`));

/** The strict reading: with the numbers and currency marks taken out, only price words and punctuation are left. */
function isOnlyAPrice(text: string): boolean {
  let rest = text.replace(DIGITS, ' ').replace(ALL_CODES, ' ');
  for (const symbol of ALL_SYMBOLS) rest = rest.replace(symbol, ' ');
  const words = rest.match(/\p{L}+/gu) ?? [];
  if (!words.every((word) => PRICE_WORDS.has(word.toLowerCase()) || CURRENCY_WORDS.has(word.toUpperCase()))) return false;
  return PRICE_PUNCTUATION.test(rest.replace(/\p{L}+/gu, ' '));
}

function detectCurrency(text: string): string | null {
  const code = CODE_PATTERN.exec(text)?.[1];
  if (code) return code.toUpperCase();
  return CURRENCY_SYMBOLS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,299.00"; "N/A" when there is no price (spec §9). */
export function formatUsd(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? USD.format(amount) : 'N/A';
}

/**
 * Price bands (spec §9), the one definition for every screen and for the
 * search engines (apps/search uses it): each band is `min <= price < max`, so 49.99 is under-50, 50 and 99.99 are 50-100, 100
 * and 199.99 are 100-200, 200 is over-200. No price, no band.
 */
export const PRICE_BANDS = [
  { id: 'under-50', label: 'Under $50', min: null, max: 50 },
  { id: '50-100', label: '$50-$100', min: 50, max: 100 },
  { id: '100-200', label: '$100-$200', min: 100, max: 200 },
  { id: 'over-200', label: 'Over $200', min: 200, max: null },
] as const satisfies readonly { id: string; label: string; min: number | null; max: number | null }[];

export type PriceBand = (typeof PRICE_BANDS)[number]['id'];

export const PRICE_BAND_LABELS = Object.fromEntries(PRICE_BANDS.map((band) => [band.id, band.label])) as Readonly<Record<PriceBand, string>>;

export function priceBand(amount: number | null | undefined): PriceBand | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  const band = PRICE_BANDS.find((b) => (b.min === null || amount >= b.min) && (b.max === null || amount < b.max));
  return band?.id ?? null;
}
