import { parseHtml } from '../html/parse-html';
import { readBreadcrumbMarkup } from './breadcrumbs';

const read = (html: string) => readBreadcrumbMarkup(parseHtml(html));

describe('readBreadcrumbMarkup', () => {
  it('reads a nav labelled Breadcrumb, one item per li, separators dropped', () => {
    expect(read('<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a> /</li><li><a href="/women">Women</a> ›</li><li aria-current="page">Jackets &amp; Coats</li></ol></nav>')).toEqual([
      ['Home', 'Women', 'Jackets & Coats'],
    ]);
  });

  it('reads a .breadcrumb list and skips separator-only items', () => {
    expect(read('<ul class="breadcrumbs"><li><a>Home</a></li><li class="sep">/</li><li><a>Men</a></li><li>&gt;</li><li>Shoes</li></ul>')).toEqual([['Home', 'Men', 'Shoes']]);
  });

  it('reads links and spans when the container has no list', () => {
    expect(read('<div class="c-breadcrumb"><a href="/">Home</a> &gt; <a href="/acc">Accessories</a> &gt; <span>Bags</span></div>')).toEqual([['Home', 'Accessories', 'Bags']]);
  });

  it('reads a container once, even when its inner list is marked too', () => {
    expect(read('<nav aria-label="breadcrumb"><ol class="breadcrumb"><li class="breadcrumb-item">Home</li><li class="breadcrumb-item">Women</li></ol></nav>')).toEqual([['Home', 'Women']]);
  });

  it('reads the innermost li of nested lists', () => {
    expect(read('<div id="breadcrumbs"><ul><li>Home<ul><li>Women</li></ul></li></ul></div>')).toEqual([['Women']]);
  });

  it('finds nothing without a breadcrumb container', () => {
    expect(read('<ul class="menu"><li>Home</li><li>Women</li></ul>')).toEqual([]);
  });
});
