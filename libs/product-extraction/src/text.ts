import { decodeEntities } from './html/entities';
import { parseHtml } from './html/parse-html';
import { textOf } from './html/query';

/**
 * Text as a shopper should read it: entities decoded (a second time when a
 * shop encoded twice: "&amp;amp;", "&lt;p&gt;"), tags stripped (block
 * elements kept apart: "<p>Soft</p><p>Warm</p>" → "Soft Warm"), scripts and
 * styles dropped, whitespace collapsed, and cut at `maxLength` on a word
 * boundary with "…". Null for anything blank or not text.
 */

export const MAX_NAME = 300;
export const MAX_BRAND = 200;
export const MAX_DESCRIPTION = 5000;
/** The longest text ever parsed for one field (a description of a few pages). */
const MAX_INPUT = 100_000;

const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
const TAG_START = /<\/?[A-Za-z!]/;

export function cleanText(value: unknown, maxLength: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return null;
  let text = value.length > MAX_INPUT ? value.slice(0, MAX_INPUT) : value;
  for (let pass = 0; pass < 2; pass++) {
    if (TAG_START.test(text)) text = textOf(parseHtml(text).root, MAX_INPUT);
    else if (ENTITY.test(text) || text.includes('&')) text = decodeEntities(text);
    if (!TAG_START.test(text) && !ENTITY.test(text)) break;
  }
  return truncate(collapseSpaces(text), maxLength);
}

/** Every run of whitespace (no-break, zero-width and BOM included: \s holds U+FEFF) as one space, trimmed. */
export function collapseSpaces(text: string): string {
  return text.replace(/(?:\s|\u200b|\u200c|\u200d)+/g, ' ').trim();
}

/** At most `maxLength` characters, cut after a word with "…" when it had to be cut; null when empty. */
export function truncate(text: string, maxLength: number): string | null {
  if (text === '') return null;
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Lower-case letters and digits, accents dropped, everything else one space: for comparing names. */
export function comparable(text: string): string {
  return text
    .slice(0, 2000)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** `comparable` without its spaces: "Kestrel Studio" = "kestrel-studio" = "KestrelStudio". */
export const compact = (text: string): string => comparable(text).replace(/ /g, '');

/**
 * Two names for one product: the same words, or one holding the other's
 * words in order ("Dayzy" and "Dayzy Sneaker – White"). Names of fewer than
 * three letters only match exactly.
 */
export function namesAgree(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = comparable(a);
  const y = comparable(b);
  if (x === '' || y === '') return false;
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.replace(/ /g, '').length >= 3 && ` ${long} `.includes(` ${short} `);
}

/** Separators shops put between a product name and their own name: "|", "–", "—", "·", "•" with or without spaces, "-", ":", "~", "/" only with spaces. */
export const TITLE_SEPARATOR = /\s*[|–—·•]\s*|\s+[-:~/]{1,2}\s+/g;

/**
 * A title without the shop's name before or after it: "Dayzy Sneaker | Shop
 * Name" → "Dayzy Sneaker", "Air Max Plus - Nike" → "Air Max Plus" (when Nike
 * is the brand), "ShopName – Dayzy" → "Dayzy". Only a part that is one of
 * `siteNames` (compared without case, accents, spaces or punctuation) is
 * cut, so "Relaxed - Fit Tee" or "T-Shirt" keep their dashes; at most three
 * tails go, and the name itself always stays.
 */
export function stripSiteName(title: string, siteNames: readonly string[]): string {
  const names = new Set(siteNames.map(compact).filter((name) => name.length > 0));
  if (names.size === 0) return title;
  const isSite = (part: string) => names.has(compact(part));
  let result = title;
  for (let round = 0; round < 3; round++) {
    const separators = [...result.matchAll(TITLE_SEPARATOR)];
    const last = separators.at(-1);
    const first = separators[0];
    if (last === undefined || first === undefined) break;
    const tail = result.slice(last.index + last[0].length);
    const headOfTail = result.slice(0, last.index).trim();
    if (headOfTail !== '' && isSite(tail)) {
      result = headOfTail;
      continue;
    }
    const lead = result.slice(0, first.index);
    const rest = result.slice(first.index + first[0].length).trim();
    if (rest !== '' && isSite(lead)) {
      result = rest;
      continue;
    }
    break;
  }
  return result;
}
