import { DROPPED, RAW_KEPT, type HtmlDocument, type HtmlElement, type HtmlNode } from './parse-html';

/**
 * The little of a DOM node `documentFromDom` reads. Structural, so the
 * library needs no DOM types: a browser's `document`, an element of it, or a
 * hand-made object of the same shape all fit.
 */
export interface DomNodeLike {
  /** 1 element, 3 text, 4 CDATA, 8 comment, 9 document, 10 doctype, 11 fragment. */
  readonly nodeType: number;
  readonly localName?: string | null;
  readonly tagName?: string | null;
  readonly attributes?: ArrayLike<{ readonly name: string; readonly value: string }> | null;
  readonly childNodes: ArrayLike<DomNodeLike>;
  readonly textContent: string | null;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const DOCUMENT = 9;
const FRAGMENT = 11;

/** Most nodes read from one page: far past any shop page, short of a runaway one. */
const MAX_NODES = 2_000_000;

interface MutableElement {
  name: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  parent: MutableElement | null;
  index: number;
}

/**
 * The `HtmlDocument` of a live page: the tree the browser built, read in the
 * shape `parseHtml` gives for its HTML, so the readers see one kind of tree.
 * Lower-case names, null-prototype attributes, elements in document order;
 * a script's text as its source, whitespace-only text as one space; style,
 * noscript and frame content dropped. Comments, doctypes and shadow roots
 * are not read. Iterative (any depth) and bounded; never throws on a node
 * that lacks a field.
 *
 * The browser's tree follows the HTML standard's rules, which differ from
 * `parseHtml`'s in corner cases (an `<html>`, `<head>` and `<body>` always
 * there, a `<div/>` left open, a `<p>` closed by a table); no reader depends
 * on them.
 */
export function documentFromDom(node: DomNodeLike): HtmlDocument {
  const root: MutableElement = { name: '#root', attrs: Object.create(null) as Record<string, string>, children: [], parent: null, index: -1 };
  const elements: MutableElement[] = [];
  // Nodes still to read, each with the element it goes into; popped in document order.
  const pending: Array<[DomNodeLike, MutableElement]> = [];
  const pushChildren = (from: DomNodeLike, into: MutableElement) => {
    const children = from.childNodes;
    if (!children) return;
    for (let k = children.length - 1; k >= 0; k--) {
      const child = children[k];
      if (child) pending.push([child, into]);
    }
  };
  if (node.nodeType === DOCUMENT || node.nodeType === FRAGMENT) pushChildren(node, root);
  else pending.push([node, root]);

  for (let read = 0; pending.length > 0 && read < MAX_NODES; read++) {
    const [current, parent] = pending.pop() as [DomNodeLike, MutableElement];
    if (current.nodeType === TEXT || current.nodeType === CDATA) {
      appendText(parent, current.textContent ?? '');
      continue;
    }
    if (current.nodeType !== ELEMENT) continue;
    const name = (current.localName ?? current.tagName ?? '').toLowerCase();
    if (name === '') continue;
    const element: MutableElement = { name, attrs: attributesOf(current), children: [], parent, index: elements.length };
    elements.push(element);
    parent.children.push(element);
    if (!DROPPED.has(name)) pushChildren(current, element);
  }
  return { root: root as HtmlElement, elements };
}

function attributesOf(node: DomNodeLike): Record<string, string> {
  const attrs = Object.create(null) as Record<string, string>;
  const list = node.attributes;
  if (!list) return attrs;
  for (let k = 0; k < list.length; k++) {
    const attribute = list[k];
    if (!attribute) continue;
    const name = String(attribute.name).toLowerCase();
    if (!(name in attrs)) attrs[name] = String(attribute.value ?? '');
  }
  return attrs;
}

function appendText(parent: MutableElement, text: string): void {
  if (text === '') return;
  const value = !RAW_KEPT.has(parent.name) && /^[ \t\n\f\r]+$/.test(text) ? ' ' : text;
  const children = parent.children;
  const last = children[children.length - 1];
  if (typeof last === 'string') children[children.length - 1] = last + value;
  else children.push(value);
}
