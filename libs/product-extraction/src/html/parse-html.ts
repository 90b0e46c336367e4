import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/**
 * A small, tolerant HTML reader: htmlparser2's tokenizer (tags, attributes,
 * comments, raw-text elements, and character references decoded by the
 * `entities` package as browsers decode them) under our own tree rules,
 * enough for what product pages say about their product (script, meta and
 * link tags, microdata, breadcrumbs, title, h1), never a DOM. It runs the same
 * in Node as over the live page (`documentFromDom` builds the same tree).
 *
 * Why the tokenizer and not htmlparser2's Parser: the Parser keeps its open
 * elements with `unshift` and finds an end tag's element with `indexOf`, so a
 * deep tree or a run of bogus end tags costs the square of its depth (a
 * 2 MB page of nested divs: 18 s). The tree rules here are bounded.
 *
 * - Linear in the input, whatever it holds. A tag left open at the end of
 *   the input is dropped; a quote or comment left open runs to the end and
 *   ends there, as in browsers (100 000 stray "<" are text).
 * - Tag and attribute names are lower-cased; attribute values and text are
 *   entity-decoded; the first of two same-named attributes wins.
 * - script, style, textarea, title and the other raw-text elements keep their
 *   content as one text child, up to their own end tag (case-insensitive);
 *   only script and title/textarea text is kept (styles, iframes and
 *   noscript content are dropped), script text undecoded.
 * - Void elements (meta, link, img, br, …) never hold children; "/>" closes
 *   any element (templates write `<div/>`; browsers would not, but nothing on
 *   a product page depends on it).
 * - An end tag closes the nearest open element of its name and everything
 *   opened inside it; an end tag with no open element of its name is
 *   ignored. A new li, dt/dd, p, option, tr, td/th or a closes the open one
 *   nearby (the common implied end tags), looking at most a few levels up.
 * - Trees as deep as the input allows are fine: nothing here or in the
 *   readers recurses over elements.
 */

export interface HtmlElement {
  /** Lower-case tag name; "#root" for the document. */
  readonly name: string;
  /** Lower-case attribute names to decoded values (a null-prototype object). */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: HtmlNode[];
  readonly parent: HtmlElement | null;
  /** Position in document order; the root is -1. */
  readonly index: number;
}

/** A text node is its decoded text. */
export type HtmlNode = HtmlElement | string;

export interface HtmlDocument {
  readonly root: HtmlElement;
  /** Every element in document order (parents before their children). */
  readonly elements: readonly HtmlElement[];
}

const VOID = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'keygen', 'frame', 'basefont', 'bgsound', 'image',
]);

/** Elements whose content is never kept: styles, frames, and noscript (what a browser running scripts shows as text). */
export const DROPPED: ReadonlySet<string> = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

/** Raw-text elements whose text is kept as written (whitespace too): script undecoded, title and textarea decoded. */
export const RAW_KEPT: ReadonlySet<string> = new Set(['script', 'title', 'textarea']);

interface ImpliedEnd {
  closes: ReadonlySet<string>;
  stopsAt: ReadonlySet<string>;
}

const LIST_BOUNDARY = new Set(['ul', 'ol', 'menu', 'nav', 'body', 'html']);
const TABLE_BOUNDARY = new Set(['table', 'tbody', 'thead', 'tfoot', 'body', 'html']);
const IMPLIED_ENDS: ReadonlyMap<string, ImpliedEnd> = new Map([
  ['li', { closes: new Set(['li']), stopsAt: LIST_BOUNDARY }],
  ['dt', { closes: new Set(['dt', 'dd']), stopsAt: new Set(['dl', 'body', 'html']) }],
  ['dd', { closes: new Set(['dt', 'dd']), stopsAt: new Set(['dl', 'body', 'html']) }],
  ['p', { closes: new Set(['p']), stopsAt: new Set(['div', 'section', 'article', 'body', 'html', 'li', 'td', 'th']) }],
  ['option', { closes: new Set(['option']), stopsAt: new Set(['select', 'datalist', 'body', 'html']) }],
  ['tr', { closes: new Set(['tr', 'td', 'th']), stopsAt: TABLE_BOUNDARY }],
  ['td', { closes: new Set(['td', 'th']), stopsAt: new Set(['tr', ...TABLE_BOUNDARY]) }],
  ['th', { closes: new Set(['td', 'th']), stopsAt: new Set(['tr', ...TABLE_BOUNDARY]) }],
  ['a', { closes: new Set(['a']), stopsAt: new Set(['body', 'html']) }],
]);

/** How far up an implied end tag looks. */
const IMPLIED_END_REACH = 12;

interface MutableElement {
  name: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  parent: MutableElement | null;
  index: number;
}

export function parseHtml(input: string): HtmlDocument {
  const html = typeof input === 'string' ? input : '';
  const root: MutableElement = { name: '#root', attrs: Object.create(null) as Record<string, string>, children: [], parent: null, index: -1 };
  const elements: MutableElement[] = [];
  const stack: MutableElement[] = [root];
  /** How many elements of each name are open, so an end tag knows at once whether to pop. */
  const openCount = new Map<string, number>();

  const current = (): MutableElement => stack[stack.length - 1] as MutableElement;
  const pop = () => {
    const element = stack.pop() as MutableElement;
    openCount.set(element.name, (openCount.get(element.name) ?? 1) - 1);
  };
  const popUntil = (name: string) => {
    while (stack.length > 1) {
      const top = current();
      pop();
      if (top.name === name) return;
    }
  };
  const open = (name: string, attrs: Record<string, string>): MutableElement => {
    const implied = IMPLIED_ENDS.get(name);
    if (implied) {
      for (let k = stack.length - 1, reach = 0; k > 0 && reach < IMPLIED_END_REACH; k--, reach++) {
        const openName = (stack[k] as MutableElement).name;
        if (implied.closes.has(openName)) {
          while (stack.length > k) pop();
          break;
        }
        if (implied.stopsAt.has(openName)) break;
      }
    }
    const parent = current();
    const element: MutableElement = { name, attrs, children: [], parent, index: elements.length };
    elements.push(element);
    parent.children.push(element);
    return element;
  };

  /** Text since the last tag, in pieces (the tokenizer hands decoded references apart). */
  let text = '';
  const flushText = () => {
    if (text === '') return;
    const parent = current();
    let value = text;
    text = '';
    if (DROPPED.has(parent.name)) return;
    if (!RAW_KEPT.has(parent.name) && /^[ \t\n\f\r]+$/.test(value)) value = ' ';
    const children = parent.children;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + value;
    else children.push(value);
  };

  // The tag being read: its name, attributes so far, and the attribute being read.
  let tagName = '';
  let attrs = Object.create(null) as Record<string, string>;
  let attrName = '';
  let attrValue = '';
  /** Inside noscript nothing counts until its end tag (a browser running scripts reads it as text). */
  let inNoscript = false;

  const startTag = (selfClosing: boolean) => {
    const name = tagName;
    tagName = '';
    if (inNoscript || name === '') return;
    const element = open(name, attrs);
    attrs = Object.create(null) as Record<string, string>;
    if (VOID.has(name) || selfClosing) return;
    stack.push(element);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (name === 'noscript') inNoscript = true;
  };

  const callbacks: TokenizerCallbacks = {
    ontext(start, end) {
      if (!inNoscript) text += html.slice(start, end);
    },
    ontextentity(codePoint) {
      if (!inNoscript) text += String.fromCodePoint(codePoint);
    },
    onopentagname(start, end) {
      if (inNoscript) return;
      flushText();
      tagName = html.slice(start, end).toLowerCase();
      attrs = Object.create(null) as Record<string, string>;
    },
    onattribname(start, end) {
      attrName = html.slice(start, end).toLowerCase();
      attrValue = '';
    },
    onattribdata(start, end) {
      attrValue += html.slice(start, end);
    },
    onattribentity(codePoint) {
      attrValue += String.fromCodePoint(codePoint);
    },
    onattribend() {
      if (!inNoscript && !(attrName in attrs)) attrs[attrName] = attrValue;
      attrValue = '';
    },
    onopentagend() {
      startTag(false);
    },
    onselfclosingtag() {
      startTag(true);
    },
    onclosetag(start, end) {
      const name = html.slice(start, end).toLowerCase();
      if (inNoscript && name !== 'noscript') return;
      inNoscript = false;
      flushText();
      if (name === 'br') open('br', Object.create(null) as Record<string, string>);
      else if ((openCount.get(name) ?? 0) > 0) popUntil(name);
    },
    // Comments, doctypes, CDATA (a comment in HTML) and processing instructions: skipped whole.
    oncomment() {},
    oncdata() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {
      flushText();
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true, recognizeSelfClosing: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return { root, elements };
}
