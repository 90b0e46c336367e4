import type { HtmlElement } from './parse-html';

/**
 * Reading the tree without recursion (any depth is safe) and with limits
 * (a hostile page cannot make one read cost more than a bounded walk).
 */

/** Elements whose text is never page text. */
const NO_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'select', 'button']);

/** Elements that end a line: their text is kept apart from their neighbours'. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
  'tbody', 'td', 'th', 'thead', 'tr', 'ul', 'option',
]);

/** Most nodes one text read visits. */
const MAX_TEXT_NODES = 20_000;

/**
 * The element's visible-ish text: text nodes in document order, block
 * elements apart, scripts, styles, SVG and form controls left out,
 * whitespace collapsed, at most `maxLength` characters.
 */
export function textOf(element: HtmlElement, maxLength = 10_000): string {
  const parts: string[] = [];
  let length = 0;
  let visited = 0;
  const pending: Array<HtmlElement | string> = [element];
  while (pending.length > 0 && length < maxLength && visited < MAX_TEXT_NODES) {
    const node = pending.pop() as HtmlElement | string;
    visited++;
    if (typeof node === 'string') {
      parts.push(node);
      length += node.length;
      continue;
    }
    if (node !== element && NO_TEXT.has(node.name)) continue;
    const block = BLOCK.has(node.name);
    if (block) pending.push(' ');
    for (let k = node.children.length - 1; k >= 0; k--) pending.push(node.children[k] as HtmlElement | string);
    if (block) pending.push(' ');
  }
  return collapse(parts.join('')).slice(0, maxLength);
}

/** The raw text children of an element (a script's source). */
export function rawText(element: HtmlElement): string {
  return element.children.filter((child): child is string => typeof child === 'string').join('');
}

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function attr(element: HtmlElement, name: string): string | undefined {
  return element.attrs[name];
}

/** The element's class names, lower-cased. */
export function classes(element: HtmlElement): string[] {
  const value = element.attrs['class'];
  return value ? value.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

/** Descendants in document order, at most `limit` of them visited. */
export function* descendants(element: HtmlElement, limit = 50_000): Generator<HtmlElement> {
  const pending: HtmlElement[] = [];
  for (let k = element.children.length - 1; k >= 0; k--) {
    const child = element.children[k];
    if (typeof child !== 'string' && child !== undefined) pending.push(child);
  }
  let visited = 0;
  while (pending.length > 0 && visited < limit) {
    const node = pending.pop() as HtmlElement;
    visited++;
    yield node;
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (typeof child !== 'string' && child !== undefined) pending.push(child);
    }
  }
}

export function findFirst(element: HtmlElement, test: (candidate: HtmlElement) => boolean): HtmlElement | null {
  for (const candidate of descendants(element)) if (test(candidate)) return candidate;
  return null;
}

/** The element and its ancestors, nearest first, at most `limit` of them. */
export function* selfAndAncestors(element: HtmlElement, limit = 256): Generator<HtmlElement> {
  let node: HtmlElement | null = element;
  for (let k = 0; node && k < limit; k++, node = node.parent) yield node;
}

/**
 * Containers of other products than the page's own: "related", "recommended",
 * "you may also like", "complete the look", "recently viewed", product tiles.
 * Read from class, id, aria-label and data-component.
 */
const RELATED_MARK =
  /related|recommend|similar[\s_-]*(items|products|styles)|up[\s_-]?sells?|cross[\s_-]?sells?|also[\s_-]*(like|bought|viewed)|you[\s_-]*may|may[\s_-]*also|complete[\s_-]*the[\s_-]*look|shop[\s_-]*the[\s_-]*look|recently[\s_-]*viewed|product[\s_-]*tile|wear[\s_-]*it[\s_-]*with/i;

function marksRelated(element: HtmlElement): boolean {
  for (const name of ['class', 'id', 'aria-label', 'data-component', 'data-section-type']) {
    const value = element.attrs[name];
    if (value && value.length <= 500 && RELATED_MARK.test(value)) return true;
  }
  return false;
}

/** Whether the element sits inside (or is) a related-products container. */
export function inRelatedContainer(element: HtmlElement): boolean {
  for (const node of selfAndAncestors(element)) if (marksRelated(node)) return true;
  return false;
}
