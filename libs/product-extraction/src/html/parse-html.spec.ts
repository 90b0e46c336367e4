import { parseHtml, type HtmlElement } from './parse-html';
import { classes, inRelatedContainer, rawText, textOf } from './query';

const byName = (html: string, name: string): HtmlElement[] => parseHtml(html).elements.filter((element) => element.name === name);
const first = (html: string, name: string): HtmlElement => byName(html, name)[0] as HtmlElement;

describe('parseHtml', () => {
  it('reads tags, lower-cases names and decodes attribute values', () => {
    const meta = first(`<META Property="og:title" CONTENT="Tee &amp; Co">`, 'meta');
    expect(meta.attrs['property']).toBe('og:title');
    expect(meta.attrs['content']).toBe('Tee & Co');
  });

  it('reads quoted, single-quoted, unquoted and bare attributes; the first of two same-named ones wins', () => {
    const div = first(`<div a="1" b='2' c=3 d e = "5" a="ignored">x</div>`, 'div');
    expect({ ...div.attrs }).toEqual({ a: '1', b: '2', c: '3', d: '', e: '5' });
  });

  it('keeps a ">" inside a quoted attribute value', () => {
    expect(first(`<img alt="a > b" src="/x.jpg">`, 'img').attrs['src']).toBe('/x.jpg');
  });

  it('nests elements and decodes text', () => {
    const doc = parseHtml('<div><p>Caf&eacute; <b>au</b> lait</p></div>');
    expect(textOf(doc.root)).toBe('Café au lait');
    expect(doc.elements.map((element) => element.name)).toEqual(['div', 'p', 'b']);
    expect(doc.elements[2]?.parent?.name).toBe('p');
  });

  it('keeps script text raw (no decoding, no tags) up to its end tag in any case', () => {
    const script = first(`<script type="application/ld+json">{"a":"<b>&amp;</b>"}</SCRIPT ><p>after</p>`, 'script');
    expect(rawText(script)).toBe('{"a":"<b>&amp;</b>"}');
    expect(byName(`<script>var a = "</scriptx>";</script><p>x</p>`, 'p')).toHaveLength(1);
  });

  it('decodes title text but reads no tags in it; drops style content', () => {
    expect(textOf(first('<title>A &amp; <b>B</b></title>', 'title'))).toBe('A & <b>B</b>');
    expect(textOf(parseHtml('<style>p{color:red}</style><p>x</p>').root)).toBe('x');
  });

  it('skips comments, doctypes, CDATA and processing instructions', () => {
    expect(textOf(parseHtml('<!DOCTYPE html><!-- <p>no</p> --><?xml x?><![CDATA[no]]><p>yes</p>').root)).toBe('yes');
  });

  it('ends the short comments browsers end ("<!-->", "<!--->") instead of reading the rest of the page as one', () => {
    expect(textOf(parseHtml('<!--><p>a</p><!---><p>b</p>').root)).toBe('a b');
  });

  it('decodes every HTML named reference in text, and legacy names without a semicolon as browsers do', () => {
    expect(textOf(first('<h1>Bluza &lstrok;&oacute;dzka &Ccaron;esk&aacute;</h1>', 'h1'))).toBe('Bluza łódzka Česká');
    expect(textOf(first('<p>&copy 2024 &eacute;t&eacute</p>', 'p'))).toBe('© 2024 été');
    expect(first('<a href="/p?a=1&copy=2&amp;b=3">x</a>', 'a').attrs['href']).toBe('/p?a=1&copy=2&b=3');
  });

  it('drops noscript content, as a browser running scripts does', () => {
    const doc = parseHtml('<noscript><img src="/pixel.gif"><p>Enable JavaScript</p></noscript><h1>Tee</h1>');
    expect(doc.elements.map((element) => element.name)).toEqual(['noscript', 'h1']);
    expect(textOf(doc.root)).toBe('Tee');
  });

  it('never gives void elements children, and honours "/>"', () => {
    const doc = parseHtml('<meta name="a"><link rel="b"><img src="c"><p>x</p><div/><span>y</span>');
    expect(doc.elements.every((element) => element.children.length === 0 || ['p', 'span'].includes(element.name))).toBe(true);
    expect(first('<div/><span>y</span>', 'span').parent?.name).toBe('#root');
  });

  it('closes what an end tag encloses, and ignores end tags with nothing open', () => {
    const doc = parseHtml('<div><span><b>x</div><p>y</p></i></span>');
    expect(doc.elements.find((element) => element.name === 'p')?.parent?.name).toBe('#root');
  });

  it('closes an open li, p, option or td when the next one starts', () => {
    const items = byName('<ul><li><a>Home</a><li><a>Women</a><li>Shoes</ul>', 'li');
    expect(items.map((li) => textOf(li))).toEqual(['Home', 'Women', 'Shoes']);
    expect(items.every((li) => li.parent?.name === 'ul')).toBe(true);
    expect(byName('<p>a<p>b', 'p').map((p) => p.parent?.name)).toEqual(['#root', '#root']);
    expect(byName('<ul><li>a<ul><li>b</ul><li>c</ul>', 'li').map((li) => li.parent?.parent?.name)).toEqual(['#root', 'li', '#root']);
  });

  it('treats a "<" that starts no tag as text', () => {
    expect(textOf(parseHtml('<p>1 < 2 and 3 <= 4 <3</p>').root)).toBe('1 < 2 and 3 <= 4 <3');
  });

  it('ends at an unclosed tag, quote or comment without reading past it', () => {
    expect(textOf(parseHtml('<p>kept</p><div class="open').root)).toBe('kept');
    expect(textOf(parseHtml('<p>kept</p><!-- never closed <p>lost</p>').root)).toBe('kept');
    expect(rawText(first('<script>never closed', 'script'))).toBe('never closed');
  });

  it('takes any input: empty, non-text, binary junk', () => {
    expect(parseHtml('').elements).toEqual([]);
    expect(parseHtml(undefined as unknown as string).elements).toEqual([]);
    const junk = Array.from({ length: 5000 }, (_, i) => String.fromCharCode((i * 7919) % 65536)).join('');
    expect(() => parseHtml(junk)).not.toThrow();
  });

  it('handles very deep nesting without recursion', () => {
    const deep = '<div>'.repeat(100_000) + 'deep' + '</div>'.repeat(100_000);
    const doc = parseHtml(deep);
    expect(doc.elements).toHaveLength(100_000);
    expect(textOf(doc.elements[99_999] as HtmlElement)).toBe('deep');
    expect(() => textOf(doc.root)).not.toThrow(); // a bounded walk: 20 000 nodes at most
  });

  it('reads hostile input (stray "<", open tags and quotes, bogus end tags) to the end', () => {
    for (const hostile of ['<'.repeat(500_000), '<a '.repeat(200_000), '<a b="'.repeat(100_000), '</'.repeat(300_000), '<!'.repeat(300_000), '<script>'.repeat(100_000), '<div>'.repeat(50_000) + '</span>'.repeat(50_000), '<ul><li>'.repeat(50_000)]) {
      expect(parseHtml(hostile).root.name).toBe('#root');
    }
  });
});

describe('tree reading', () => {
  it('textOf keeps blocks apart, leaves scripts out and collapses spaces', () => {
    expect(textOf(parseHtml('<div><p>Soft</p><p>Warm</p><script>x()</script>  <br>Done</div>').root)).toBe('Soft Warm Done');
  });

  it('classes are lower-cased words', () => {
    expect(classes(first('<div class=" Breadcrumb  nav-Item ">', 'div'))).toEqual(['breadcrumb', 'nav-item']);
  });

  it('inRelatedContainer recognises related, recommended and look containers by class, id or label', () => {
    const doc = parseHtml(`
      <section class="pdp"><h1 id="main">Main</h1></section>
      <section class="product-recommendations"><h2 id="a">A</h2></section>
      <div id="you-may-also-like"><h2 id="b">B</h2></div>
      <section aria-label="Complete the look"><h2 id="c">C</h2></section>
      <ul class="related-products"><li><h2 id="d">D</h2></li></ul>`);
    const heading = (id: string) => doc.elements.find((element) => element.attrs['id'] === id) as HtmlElement;
    expect(inRelatedContainer(heading('main'))).toBe(false);
    for (const id of ['a', 'b', 'c', 'd']) expect(inRelatedContainer(heading(id))).toBe(true);
  });
});
