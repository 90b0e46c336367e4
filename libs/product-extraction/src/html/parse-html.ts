import { decodeEntities } from './entities';

/**
 * A small, tolerant HTML reader: enough of the HTML tokenizer and tree rules
 * for what product pages say about their product (script, meta and link
 * tags, microdata, breadcrumbs, title, h1), never a DOM. It runs the same in
 * Node and in a content script reading `document.documentElement.outerHTML`.
 *
 * - Linear in the input, whatever it holds: every step moves forward, each
 *   search (`indexOf`) starts where the last one stopped, and no pattern can
 *   backtrack. A tag, quote or comment left open runs to the end of the input
 *   and ends there, as in browsers (100 000 stray "<" are text).
 * - Tag and attribute names are lower-cased; attribute values and text are
 *   entity-decoded; the first of two same-named attributes wins.
 * - script, style, textarea, title and the other raw-text elements keep their
 *   content as one text child, up to their own end tag (case-insensitive);
 *   only script and title/textarea text is kept (styles and iframes are
 *   dropped), script text undecoded.
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

/** Raw-text elements: their content runs to their end tag. `true`: the text is kept. */
const RAW_TEXT: ReadonlyMap<string, { keep: boolean; decode: boolean }> = new Map([
  ['script', { keep: true, decode: false }],
  ['title', { keep: true, decode: true }],
  ['textarea', { keep: true, decode: true }],
  ['style', { keep: false, decode: false }],
  ['xmp', { keep: false, decode: false }],
  ['iframe', { keep: false, decode: false }],
  ['noembed', { keep: false, decode: false }],
  ['noframes', { keep: false, decode: false }],
  ['noscript', { keep: false, decode: false }],
  ['plaintext', { keep: false, decode: false }],
]);

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

const isAsciiLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;

export function parseHtml(input: string): HtmlDocument {
  const html = typeof input === 'string' ? input : '';
  const length = html.length;
  const root: MutableElement = { name: '#root', attrs: Object.create(null) as Record<string, string>, children: [], parent: null, index: -1 };
  const elements: MutableElement[] = [];
  const stack: MutableElement[] = [root];
  /** How many elements of each name are open, so an end tag knows at once whether to pop. */
  const openCount = new Map<string, number>();

  const current = (): MutableElement => stack[stack.length - 1] as MutableElement;
  const pushText = (text: string) => {
    if (text === '') return;
    const decoded = /^\s+$/.test(text) ? ' ' : decodeEntities(text);
    const children = current().children;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + decoded;
    else children.push(decoded);
  };
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

  let pos = 0;
  let textStart = 0;
  while (pos < length) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    // Comments, doctypes, CDATA and processing instructions: skipped whole.
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      pushText(html.slice(textStart, lt));
      let end: number;
      if (html.startsWith('<!--', lt)) {
        const close = html.indexOf('-->', lt + 4);
        end = html.startsWith('<!-->', lt) ? lt + 5 : close < 0 ? length : close + 3;
      } else if (html.startsWith('<![CDATA[', lt)) {
        const close = html.indexOf(']]>', lt + 9);
        end = close < 0 ? length : close + 3;
      } else {
        const close = html.indexOf('>', lt + 2);
        end = close < 0 ? length : close + 1;
      }
      pos = textStart = end;
      continue;
    }
    if (next === 47 /* / */) {
      const nameStart = lt + 2;
      if (!isAsciiLetter(html.charCodeAt(nameStart))) {
        // "</>" is nothing; "</ 3" and the like are bogus comments up to ">".
        if (nameStart >= length) break;
        pushText(html.slice(textStart, lt));
        const close = html.indexOf('>', nameStart);
        pos = textStart = close < 0 ? length : close + 1;
        continue;
      }
      pushText(html.slice(textStart, lt));
      const tag = readTag(html, nameStart);
      pos = textStart = tag.end;
      if (!tag.closed) break;
      if (tag.name === 'br') {
        open('br', Object.create(null) as Record<string, string>);
      } else if ((openCount.get(tag.name) ?? 0) > 0) {
        popUntil(tag.name);
      }
      continue;
    }
    if (!isAsciiLetter(next)) {
      pos = lt + 1; // a literal "<": stays in the text
      continue;
    }
    pushText(html.slice(textStart, lt));
    const tag = readTag(html, lt + 1);
    pos = textStart = tag.end;
    if (!tag.closed) break; // an open tag at the end of the input is dropped, as browsers do
    const element = open(tag.name, tag.attrs);
    const raw = RAW_TEXT.get(tag.name);
    if (raw && !tag.selfClosing) {
      const close = findEndTag(html, tag.name, tag.end);
      if (raw.keep) {
        const text = html.slice(tag.end, close.start);
        if (text !== '') element.children.push(raw.decode ? decodeEntities(text) : text);
      }
      pos = textStart = close.end;
      continue;
    }
    if (VOID.has(tag.name) || tag.selfClosing) continue;
    stack.push(element);
    openCount.set(tag.name, (openCount.get(tag.name) ?? 0) + 1);
  }
  pushText(html.slice(textStart, length));
  return { root, elements };
}

interface Tag {
  name: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  /** Whether a ">" ended the tag before the input did. */
  closed: boolean;
  /** Just after the tag. */
  end: number;
}

/** A start or end tag from its name on (`from` is the first letter of the name). */
function readTag(html: string, from: number): Tag {
  const length = html.length;
  let i = from;
  while (i < length) {
    const code = html.charCodeAt(i);
    if (isSpace(code) || code === 47 || code === 62) break;
    i++;
  }
  const name = html.slice(from, i).toLowerCase();
  const attrs = Object.create(null) as Record<string, string>;
  let selfClosing = false;
  while (i < length) {
    let code = html.charCodeAt(i);
    if (isSpace(code)) {
      i++;
      continue;
    }
    if (code === 62 /* > */) return { name, attrs, selfClosing, closed: true, end: i + 1 };
    if (code === 47 /* / */) {
      selfClosing = html.charCodeAt(i + 1) === 62;
      i++;
      continue;
    }
    selfClosing = false;
    const nameStart = i;
    i++; // the first character may be anything, "=" included
    while (i < length) {
      code = html.charCodeAt(i);
      if (isSpace(code) || code === 47 || code === 62 || code === 61) break;
      i++;
    }
    const attrName = html.slice(nameStart, i).toLowerCase();
    while (i < length && isSpace(html.charCodeAt(i))) i++;
    let value = '';
    if (html.charCodeAt(i) === 61 /* = */) {
      i++;
      while (i < length && isSpace(html.charCodeAt(i))) i++;
      const quote = html.charCodeAt(i);
      if (quote === 34 || quote === 39) {
        const close = html.indexOf(quote === 34 ? '"' : "'", i + 1);
        if (close < 0) return { name, attrs, selfClosing: false, closed: false, end: length };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < length) {
          code = html.charCodeAt(i);
          if (isSpace(code) || code === 62) break;
          i++;
        }
        value = html.slice(valueStart, i);
      }
    }
    if (!(attrName in attrs)) attrs[attrName] = decodeEntities(value);
  }
  return { name, attrs, selfClosing: false, closed: false, end: length };
}

/** Where a raw-text element's content ends: its end tag in any case, or the end of the input. */
function findEndTag(html: string, name: string, from: number): { start: number; end: number } {
  let at = from;
  for (;;) {
    const lt = html.indexOf('</', at);
    if (lt < 0) return { start: html.length, end: html.length };
    const after = lt + 2 + name.length;
    if (html.slice(lt + 2, after).toLowerCase() === name) {
      const code = html.charCodeAt(after);
      if (after >= html.length || isSpace(code) || code === 47 || code === 62) {
        const close = html.indexOf('>', after);
        return { start: lt, end: close < 0 ? html.length : close + 1 };
      }
    }
    at = lt + 2;
  }
}
