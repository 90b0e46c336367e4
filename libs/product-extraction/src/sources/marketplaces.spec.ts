import { parseHtml } from '../html/parse-html';
import { readMarketplaceRules } from './marketplaces';

const read = (body: string) => readMarketplaceRules(parseHtml(`<html><body>${body}</body></html>`));
const facts = (body: string) => {
  const [candidate] = read(body);
  if (!candidate) throw new Error('no marketplace product read');
  return candidate.facts;
};
const TITLE = '<span id="productTitle"> Linen Shirt </span>';
const price = (inner: string, attrs = '') => `<span class="a-price"${attrs}>${inner}</span>`;
const parts = (symbol: string, whole: string, fraction: string) =>
  `<span class="a-price-symbol">${symbol}</span><span class="a-price-whole">${whole}</span><span class="a-price-fraction">${fraction}</span>`;

describe('readMarketplaceRules', () => {
  it('reads nothing from a page without a product title element', () => {
    expect(read(`<h1>Linen Shirt</h1>${price(parts('$', '59.', '50'))}<span id="bylineInfo">Brand: Kestrel</span>`)).toEqual([]);
  });

  it('reads the title element as the page\'s own product', () => {
    const [candidate] = read(TITLE);
    expect(candidate).toMatchObject({ related: false, mainEntity: true, facts: { name: 'Linen Shirt', isProduct: true, source: 'retailer' } });
  });

  it('reads an auction marketplace title, and an older one without its "Details about" label', () => {
    expect(facts('<h1 class="x-item-title__mainTitle"><span>Vintage Wool Coat</span></h1>').name).toBe('Vintage Wool Coat');
    expect(facts('<h1 id="itemTitle"><span>Details about</span> Vintage Wool Coat</h1>').name).toBe('Vintage Wool Coat');
  });

  describe('bylineBrand', () => {
    it.each([
      ["Visit the Levi's Store", "Levi's"],
      ['Brand: Kestrel Studio', 'Kestrel Studio'],
      ['Marke: Tommy Hilfiger', 'Tommy Hilfiger'],
      ["Besuche den Levi's-Store", "Levi's"],
      ['Visiter la boutique Petit Bateau', 'Petit Bateau'],
      ['Visita la tienda de Desigual', 'Desigual'],
      ['Visita lo Store di Benetton', 'Benetton'],
      ['Bezoek de Scotch & Soda-winkel', 'Scotch & Soda'],
    ])('"%s" → %s', (byline, brand) => {
      expect(facts(`${TITLE}<a id="bylineInfo" href="/stores/x">${byline}</a>`).brand).toBe(brand);
    });

    it('does not read a byline it cannot parse as a brand', () => {
      expect(facts(`${TITLE}<a id="bylineInfo">4.5 out of 5 stars</a>`).brand).toBeNull();
    });

    it('falls back on the overview brand row, then a specifics table label', () => {
      expect(facts(`${TITLE}<table><tr class="po-brand"><td>Brand</td><td><span>Kestrel</span></td></tr></table>`).brand).toBe('Kestrel');
      expect(facts(`${TITLE}<table><tr><th>Material</th><td>Linen</td></tr><tr><th>Brand</th><td>Kestrel</td></tr></table>`).brand).toBe('Kestrel');
      expect(facts(`${TITLE}<dl><dt><span>Brand</span></dt><dd><span>Nike</span></dd></dl>`).brand).toBe('Nike');
    });

    it('never reads a brand from a related container', () => {
      expect(facts(`${TITLE}<div class="related-products"><dl><dt>Brand</dt><dd>Other</dd></dl></div>`).brand).toBeNull();
    });
  });

  describe('buyBoxPrice', () => {
    it('composes symbol, whole and fraction, with grouping and a decimal comma', () => {
      expect(facts(`${TITLE}${price(parts('$', '1,299<span class="a-price-decimal">.</span>', '00'))}`).offer).toEqual({ amount: 1299, currency: 'USD' });
      expect(facts(`${TITLE}${price('<span class="a-price-whole">1.079,</span><span class="a-price-fraction">95</span><span class="a-price-symbol">€</span>')}`).offer).toEqual({
        amount: 1079.95,
        currency: 'EUR',
      });
    });

    it('reads a price with no fraction (yen)', () => {
      expect(facts(`${TITLE}${price('<span class="a-price-symbol">￥</span><span class="a-price-whole">3,980</span>')}`).offer).toEqual({ amount: 3980, currency: 'JPY' });
    });

    it('falls back on the screen-reader text, then the block\'s own text', () => {
      expect(facts(`${TITLE}${price('<span class="a-offscreen">£27.99</span>')}`).offer).toEqual({ amount: 27.99, currency: 'GBP' });
      expect(facts(`${TITLE}<div class="x-price-primary"><span>C $45.99/ea</span></div>`).offer).toEqual({ amount: 45.99, currency: 'CAD' });
    });

    it('prefers the buy box over an earlier price elsewhere on the page', () => {
      const page = `${TITLE}<div id="bundle">${price('<span class="a-offscreen">$10.00</span>')}</div><div>${price('<span class="a-offscreen">$15.00</span>')}</div><div id="corePrice_feature_div">${price('<span class="a-offscreen">$59.50</span>')}</div>`;
      expect(facts(page).offer?.amount).toBe(59.5);
    });

    it('takes the first price on the page when there is no buy box', () => {
      expect(facts(`${TITLE}<div>${price('<span class="a-offscreen">$15.00</span>')}</div><div>${price('<span class="a-offscreen">$19.00</span>')}</div>`).offer?.amount).toBe(15);
    });

    it('never takes a struck-through list price, another seller\'s price or a sponsored tile\'s', () => {
      const page = `${TITLE}${price('<span class="a-offscreen">$69.50</span>', ' data-a-strike="true"')}<span class="a-price a-text-price"><span class="a-offscreen">$69.50</span></span><div id="aod-offer-list">${price('<span class="a-offscreen">$41.99</span>')}</div><div class="a-carousel">${price('<span class="a-offscreen">$24.99</span>')}</div>`;
      expect(facts(page).offer).toBeNull();
    });

    it('reads an older layout\'s plain buy-box price element', () => {
      expect(facts(`${TITLE}<span id="priceblock_ourprice">$34.00</span>`).offer).toEqual({ amount: 34, currency: 'USD' });
      expect(facts(`${TITLE}<span id="prcIsum" content="52.00">US $52.00</span>`).offer).toEqual({ amount: 52, currency: null });
    });
  });

  describe('mainImage', () => {
    const image = (attrs: string) => facts(`${TITLE}<img id="landingImage" ${attrs}>`).image;

    it('prefers the high-resolution attribute', () => {
      expect(image('src="https://img.example/s.jpg" data-old-hires="https://img.example/l.jpg"')).toBe('https://img.example/l.jpg');
    });

    it('takes the largest entry of the dynamic-image map when there is no high-resolution address', () => {
      const map = JSON.stringify({ 'https://img.example/a.jpg': [385, 500], 'https://img.example/b.jpg': [679, 881], 'https://img.example/c.jpg': [466, 605] }).replace(/"/g, '&quot;');
      expect(image(`src="data:image/gif;base64,AAAA" data-old-hires="" data-a-dynamic-image="${map}"`)).toBe('https://img.example/b.jpg');
    });

    it('falls back on src when the map is broken, and never returns a data: placeholder', () => {
      expect(image('src="https://img.example/s.jpg" data-a-dynamic-image="{not json"')).toBe('https://img.example/s.jpg');
      expect(image('src="data:image/gif;base64,AAAA"')).toBeNull();
    });

    it('reads the first carousel image\'s zoom address', () => {
      const page = `${TITLE}<div class="ux-image-carousel-item"><img src="https://img.example/500.jpg" data-zoom-src="https://img.example/1600.jpg"></div>`;
      expect(facts(page).image).toBe('https://img.example/1600.jpg');
    });
  });

  it('reads feature bullets as sentences, else the description block, and the selected colour', () => {
    const bullets = facts(`${TITLE}<div id="feature-bullets"><ul><li>100% linen</li><li>Machine wash.</li></ul></div><div id="variation_color_name"><span class="selection">Sage</span></div>`);
    expect(bullets.description).toBe('100% linen. Machine wash.');
    expect(bullets.colours).toEqual(['Sage']);
    expect(facts(`${TITLE}<div id="productDescription"><p>Relaxed fit.</p></div>`).description).toBe('Relaxed fit.');
  });

  it('stays bounded on a page of thousands of price blocks', () => {
    const many = Array.from({ length: 5000 }, (_, k) => price(`<span class="a-offscreen">$${k + 1}.00</span>`)).join('');
    expect(facts(`${TITLE}${many}`).offer?.amount).toBe(1);
  });
});
