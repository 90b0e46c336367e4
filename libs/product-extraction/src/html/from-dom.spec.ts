import { extractProduct, extractProductFromDocument } from '../extract-product';
import { fixtureCases, fixturePage } from '../../test/fixture-cases';
import { documentFromDom, type DomNodeLike } from './from-dom';
import { parseHtml, type HtmlDocument, type HtmlElement, type HtmlNode } from './parse-html';
import { rawText, textOf } from './query';

/** Hand-made DOM nodes, shaped as a browser's are (upper-case tagName, attributes as a list). */
const text = (value: string): DomNodeLike => ({ nodeType: 3, childNodes: [], textContent: value });
const comment = (value: string): DomNodeLike => ({ nodeType: 8, childNodes: [], textContent: value });
const el = (tagName: string, attrs: Record<string, string> = {}, ...children: Array<DomNodeLike | string>): DomNodeLike => ({
  nodeType: 1,
  tagName: tagName.toUpperCase(),
  localName: tagName.toLowerCase(),
  attributes: Object.entries(attrs).map(([name, value]) => ({ name, value })),
  childNodes: children.map((child) => (typeof child === 'string' ? text(child) : child)),
  textContent: null,
});
const documentOf = (...children: DomNodeLike[]): DomNodeLike => ({ nodeType: 9, childNodes: [{ nodeType: 10, childNodes: [], textContent: null }, ...children], textContent: null });

/** A parsed tree as the DOM would hold it: the same nodes, in a browser's shape. */
function asDom(node: HtmlNode): DomNodeLike {
  if (typeof node === 'string') return text(node);
  return el(node.name, { ...node.attrs }, ...node.children.map(asDom));
}

/** Everything a reader can see of a tree. */
const shape = (doc: HtmlDocument) => ({
  elements: doc.elements.map((element) => ({ name: element.name, attrs: { ...element.attrs }, parent: element.parent?.index, index: element.index, text: rawText(element) })),
  root: rawText(doc.root),
});

describe('documentFromDom', () => {
  it('reads a DOM into the tree parseHtml gives for its markup', () => {
    const dom = documentOf(
      el('html', {}, el('head', {}, el('title', {}, 'Tee & Co'), el('meta', { property: 'og:title', content: 'Tee' })), '\n  ', el('body', {}, el('h1', { class: 'title' }, 'Linen ', el('b', {}, 'Tee')))),
    );
    const parsed = parseHtml('<html><head><title>Tee &amp; Co</title><meta property="og:title" content="Tee"></head>\n  <body><h1 class="title">Linen <b>Tee</b></h1></body></html>');
    expect(shape(documentFromDom(dom))).toEqual(shape(parsed));
  });

  it('lower-cases names, keeps the first of two attributes and gives attributes no prototype', () => {
    const node: DomNodeLike = { nodeType: 1, tagName: 'DIV', attributes: [{ name: 'Data-X', value: '1' }, { name: 'data-x', value: '2' }, { name: '__proto__', value: 'p' }], childNodes: [], textContent: null };
    const [div] = documentFromDom(node).elements;
    expect(div?.name).toBe('div');
    expect(Object.getPrototypeOf(div?.attrs)).toBeNull();
    expect({ ...div?.attrs }).toEqual({ 'data-x': '1', ['__proto__']: 'p' });
  });

  it('keeps a script as its source, drops style and noscript content and comments, and reads whitespace-only text as one space', () => {
    const doc = documentFromDom(
      documentOf(el('body', {}, el('script', { type: 'application/ld+json' }, '{"name":\n  "Tee"}'), el('style', {}, 'p{}'), el('noscript', {}, el('img', { src: '/pixel.gif' })), comment('c'), '\n\t ', el('p', {}, 'x'))),
    );
    expect(doc.elements.map((element) => element.name)).toEqual(['body', 'script', 'style', 'noscript', 'p']);
    expect(rawText(doc.elements[1] as HtmlElement)).toBe('{"name":\n  "Tee"}');
    expect(rawText(doc.elements[0] as HtmlElement)).toBe(' ');
    expect(textOf(doc.root)).toBe('x');
  });

  it('reads an element as the root of its own document, and takes nodes missing fields', () => {
    expect(documentFromDom(el('div', {}, 'x')).elements.map((element) => element.parent?.name)).toEqual(['#root']);
    const odd = { nodeType: 1, childNodes: [{ nodeType: 3, childNodes: [], textContent: null }], textContent: null } as DomNodeLike;
    expect(documentFromDom(odd).elements).toEqual([]);
  });

  it('reads a very deep tree without recursion', () => {
    let node = el('span', {}, 'deep');
    for (let k = 0; k < 100_000; k++) node = el('div', {}, node);
    const doc = documentFromDom(node);
    expect(doc.elements).toHaveLength(100_001);
    expect(textOf(doc.elements[100_000] as HtmlElement)).toBe('deep');
  });

  it.each(fixtureCases.map((c) => [c.file, c.url] as const))('gives extractProductFromDocument what extractProduct reads from %s', (file, url) => {
    const html = fixturePage(file);
    const doc = documentFromDom({ nodeType: 9, childNodes: parseHtml(html).root.children.map(asDom), textContent: null });
    expect(shape(doc)).toEqual(shape(parseHtml(html)));
    expect(extractProductFromDocument(doc, url)).toEqual(extractProduct(html, url));
  });
});
