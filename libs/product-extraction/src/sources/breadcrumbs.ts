import type { HtmlDocument, HtmlElement } from '../html/parse-html';
import { classes, descendants, inRelatedContainer, textOf } from '../html/query';

/**
 * Breadcrumb trails written as markup rather than structured data: a
 * container marked as a breadcrumb (`nav aria-label="Breadcrumb"`,
 * class "breadcrumb" / "breadcrumbs" / "c-breadcrumb__list", an id or
 * data-testid holding "breadcrumb"), its items the texts of its innermost
 * `li`s, or of its links and spans when it has no list. Separators ("/", ">",
 * "›", "»", "|") are dropped, at the ends of an item or as items of their
 * own. A container inside one already read is not read again; at most two
 * trails, fifteen items each.
 */

const BREADCRUMB = /breadcrumb/i;
const SEPARATOR_EDGES = /^[\s/>›»|•·\-→\\]+|[\s/>›»|•·\-→\\]+$/g;
const MAX_TRAILS = 2;
const MAX_ITEMS = 15;

function isBreadcrumbContainer(element: HtmlElement): boolean {
  if (element.name === 'li' || element.name === 'a' || element.name === 'script') return false;
  for (const name of ['aria-label', 'id', 'data-testid', 'data-test', 'data-component']) {
    const value = element.attrs[name];
    if (value && value.length <= 200 && BREADCRUMB.test(value)) return true;
  }
  return classes(element).some((name) => BREADCRUMB.test(name) && !/item|link|separator|divider/i.test(name));
}

function itemText(element: HtmlElement): string | null {
  const text = textOf(element, 200).replace(SEPARATOR_EDGES, '').trim();
  return text === '' ? null : text;
}

function trailOf(container: HtmlElement): string[] {
  const items: string[] = [];
  const listItems: HtmlElement[] = [];
  for (const element of descendants(container, 2000)) if (element.name === 'li') listItems.push(element);
  const innermost = listItems.filter((li) => !listItems.some((other) => other !== li && isInside(other, li)));
  const sources =
    innermost.length > 0 ? innermost : [...descendants(container, 2000)].filter((element) => element.name === 'a' || (element.name === 'span' && element.children.every((child) => typeof child === 'string')));
  for (const source of sources) {
    const text = itemText(source);
    if (text !== null && !items.includes(text)) items.push(text);
    if (items.length >= MAX_ITEMS) break;
  }
  return items;
}

function isInside(element: HtmlElement, container: HtmlElement): boolean {
  for (let node = element.parent, k = 0; node && k < 64; node = node.parent, k++) if (node === container) return true;
  return false;
}

export function readBreadcrumbMarkup(doc: HtmlDocument): string[][] {
  const trails: string[][] = [];
  const read: HtmlElement[] = [];
  for (const element of doc.elements) {
    if (trails.length >= MAX_TRAILS || read.length >= 10) break;
    if (!isBreadcrumbContainer(element) || read.some((container) => isInside(element, container)) || inRelatedContainer(element)) continue;
    read.push(element);
    const trail = trailOf(element);
    if (trail.length > 0) trails.push(trail);
  }
  return trails;
}
