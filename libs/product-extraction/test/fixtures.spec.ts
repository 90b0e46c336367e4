import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractProduct, type ExtractedProduct } from '../src';

/**
 * Whole pages written in the markup real platforms produce. Each expected
 * value is what a shopper reads on the page (the product's name, the price
 * they would pay, the photo, the shop's own category and audience), never a
 * value copied from the function's output. Confidence is asserted as a band:
 * a complete structured product is near 1, a page with only social tags in
 * the middle, a page that sells nothing low.
 */

interface FixtureCase {
  file: string;
  /** What this page exercises. */
  covers: string;
  url: string;
  expected: Omit<ExtractedProduct, 'confidence'>;
  confidence: readonly [min: number, max: number];
}

const HIGH = [0.85, 1] as const;

const cases: FixtureCase[] = [
  {
    file: 'shopify-dawn-variant.html',
    covers: 'Shopify (Dawn): JSON-LD with one offer per variant plus the analytics meta object in cents; the ?variant= in the URL selects the 38 at £120 (the 37 is £96); product type "Sneakers"; a recommendations block with its own product JSON',
    url: 'https://www.wildfernshoes.com/collections/womens-sneakers/products/dayzy-platform-sneaker?variant=40112233445566&utm_source=instagram',
    expected: {
      name: 'Dayzy Platform Sneaker',
      brand: 'Wildfern',
      price: 120,
      currency: 'GBP',
      imageUrl: 'https://www.wildfernshoes.com/cdn/shop/files/dayzy-white.jpg?v=1690000000&width=1920',
      description: 'The Dayzy is our chunky platform sneaker in soft white leather, with a padded collar and a grippy rubber sole.',
      sourceUrl: 'https://www.wildfernshoes.com/products/dayzy-platform-sneaker',
      colour: null,
      gender: 'Women',
      category: 'shoes',
    },
    confidence: HIGH,
  },
  {
    file: 'shopify-meta-cents.html',
    covers: 'Shopify (older theme) with no JSON-LD product: OpenGraph for name, image (protocol-relative) and description; price 8900 cents from the theme product JSON, EUR from Shopify.currency, vendor as brand, type "Shirts"',
    url: 'https://kestrel-studio.com/products/ines-linen-shirt',
    expected: {
      name: 'Inès Linen Shirt',
      brand: 'Kestrel Studio',
      price: 89,
      currency: 'EUR',
      imageUrl: 'https://kestrel-studio.com/cdn/shop/products/ines-1_1024x1024.jpg?v=1612345678',
      description: 'Relaxed shirt in washed European linen.',
      sourceUrl: 'https://kestrel-studio.com/products/ines-linen-shirt',
      colour: null,
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'sfcc-sfra.html',
    covers: 'Salesforce Commerce Cloud (SFRA): JSON-LD without a brand, the brand from .product-detail[data-pid] .product-brand, a struck-through $89 list price beside the $59 sale price, a relative canonical, a .breadcrumb list (Men / Clothing / Shirts), recommendation tiles; the colour from the SFRA attribute block\'s selected swatch (Sand)',
    url: 'https://www.northlane.com/us/en/relaxed-linen-shirt/25592581M.html?dwvar_25592581M_color=SAND&cgid=mens-shirts',
    expected: {
      name: 'Relaxed Linen Shirt',
      brand: 'Northlane',
      price: 59,
      currency: 'USD',
      imageUrl: 'https://www.northlane.com/dw/image/v2/BFKB_PRD/on/demandware.static/-/Sites-northlane-master/default/dw7e8f9a0b/images/large/25592581M_SAND_1.jpg?sw=800',
      description: 'A relaxed-fit shirt in breathable linen with a camp collar and coconut-shell buttons.',
      sourceUrl: 'https://www.northlane.com/us/en/relaxed-linen-shirt/25592581M.html',
      colour: 'Sand',
      gender: 'Men',
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'magento-luma.html',
    covers: 'Magento 2 (Luma): microdata on <body>, the Offer price in <meta itemprop="price">, a multi-paragraph itemprop description, og:image, a .breadcrumbs list ending with the product, a related-products block, no brand anywhere',
    url: 'https://demo.lumaoutdoor.com/juno-jacket.html',
    expected: {
      name: 'Juno Jacket',
      brand: null,
      price: 77,
      currency: 'USD',
      imageUrl: 'https://demo.lumaoutdoor.com/media/catalog/product/cache/7a1b2c3d4e5f/w/j/wj06-purple_main_1.jpg',
      description:
        "On colder-than-comfortable mornings, you'll love warming up in the Juno All-Ways Performanc Jacket, designed to compete with wind and chill. Built-in Cocona® technology aids evaporation, while a special zip placket and stand-up collar keep your neck protected. • Adjustable hood. • Fleece-lined, zippered hand pockets. • Thumbhole cuffs.",
      sourceUrl: 'https://demo.lumaoutdoor.com/juno-jacket.html',
      colour: null,
      gender: 'Women',
      category: 'outerwear',
    },
    confidence: [0.8, 0.95],
  },
  {
    file: 'woocommerce-yoast.html',
    covers: 'WooCommerce with Yoast: one JSON-LD @graph whose Product points at its image and brand by @id (ImageObject, Organization), a priceSpecification, a BreadcrumbList with "Hoodies &amp; Sweatshirts"; the £80 struck price in the HTML is not read',
    url: 'https://thelinenroom.co.uk/product/washed-linen-hoodie/',
    expected: {
      name: 'Washed Linen Hoodie',
      brand: 'The Linen Room',
      price: 64,
      currency: 'GBP',
      imageUrl: 'https://thelinenroom.co.uk/wp-content/uploads/2024/03/hoodie-sage.jpg',
      description: 'A relaxed hoodie in garment-washed linen, with a kangaroo pocket and ribbed cuffs.',
      sourceUrl: 'https://thelinenroom.co.uk/product/washed-linen-hoodie/',
      colour: null,
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'opengraph-only.html',
    covers: 'OpenGraph and product meta only: og:title with the shop name as a tail, a relative og:image, product:brand, product:price; og:url as the canonical address (fbclid and fragment gone)',
    url: 'https://www.maisonclaire.fr/en/products/linen-wrap-dress?fbclid=IwAR123#gallery',
    expected: {
      name: 'Linen Wrap Dress',
      brand: 'Maison Claire',
      price: 149,
      currency: 'EUR',
      imageUrl: 'https://www.maisonclaire.fr/media/catalog/wrap-dress-terracotta.jpg',
      description: 'A midi wrap dress in washed linen, tied at the waist.',
      sourceUrl: 'https://www.maisonclaire.fr/en/products/linen-wrap-dress',
      colour: null,
      category: 'tops',
    },
    confidence: [0.65, 0.85],
  },
  {
    file: 'twitter-card-only.html',
    covers: 'Twitter card only: twitter:title whose tail is the shop named by its host (littleshop.co.uk), a protocol-relative twitter:image, the price in the twitter:label1 "Price" / twitter:data1 "£18.00" pair',
    url: 'https://littleshop.co.uk/shop/ribbed-tank-top-oat',
    expected: {
      name: 'Ribbed Tank Top in Oat',
      brand: null,
      price: 18,
      currency: 'GBP',
      imageUrl: 'https://littleshop.co.uk/images/products/tank-oat-1200.jpg',
      description: 'Fine-ribbed organic cotton tank with a scoop neck.',
      sourceUrl: 'https://littleshop.co.uk/shop/ribbed-tank-top-oat',
      colour: null,
      category: 'tops',
    },
    confidence: [0.55, 0.85],
  },
  {
    file: 'aggregate-offer.html',
    covers: 'A marketplace: AggregateOffer (from $95 across 4 boutiques) read as lowPrice; a BreadcrumbList whose names sit in item.name (Women > Accessories > Hats)',
    url: 'https://www.modemarket.com/shopping/women/atelier-nord-face-patch-ribbed-beanie-item-18236512.aspx',
    expected: {
      name: 'Face Patch Ribbed Beanie',
      brand: 'Atelier Nord',
      price: 95,
      currency: 'USD',
      imageUrl: 'https://cdn-images.modemarket.com/18/23/65/12/18236512_39281544_1000.jpg',
      description: 'Ribbed wool beanie with a tonal face patch at the turn-up.',
      sourceUrl: 'https://www.modemarket.com/shopping/women/atelier-nord-face-patch-ribbed-beanie-item-18236512.aspx',
      colour: null,
      gender: 'Women',
      category: 'accessories',
    },
    confidence: HIGH,
  },
  {
    file: 'several-offers-sale.html',
    covers: 'Several offers: $249 sale prices with a $329 StrikethroughPrice, a $199 size sold out, a $279 size; og:price states the $329 list price; the shopper pays $249',
    url: 'https://www.trailpeak.com/products/mens-alpine-down-jacket',
    expected: {
      name: "Men's Alpine Down Jacket",
      brand: 'Trailpeak',
      price: 249,
      currency: 'USD',
      imageUrl: 'https://images.trailpeak.com/alpine-down-jacket-black.jpg',
      description: 'Lightweight 800-fill down jacket with a water-repellent shell and a stowable hood.',
      sourceUrl: 'https://www.trailpeak.com/products/mens-alpine-down-jacket',
      colour: null,
      gender: 'Men',
      category: 'outerwear',
    },
    confidence: [0.8, 1],
  },
  {
    file: 'eur-comma-decimals.html',
    covers: 'EUR with comma decimals and dot thousands ("1.299,00") in JSON-LD and og:price; a separate BreadcrumbList script',
    url: 'https://www.boutique-hanse.de/en/women/coats/greta-wool-coat-8812',
    expected: {
      name: 'Greta Wool Coat',
      brand: 'Hanse Atelier',
      price: 1299,
      currency: 'EUR',
      imageUrl: 'https://www.boutique-hanse.de/media/image/greta-camel-01.jpg',
      description: 'Double-breasted coat in a camel wool and cashmere blend, fully lined.',
      sourceUrl: 'https://www.boutique-hanse.de/en/women/coats/greta-wool-coat-8812',
      colour: null,
      gender: 'Women',
      category: 'outerwear',
    },
    confidence: HIGH,
  },
  {
    file: 'gbp-microdata-breadcrumbs.html',
    covers: 'GBP on a supported retailer: brand as an array, an og:title that is a sentence ("Buy … from the Next UK online shop"), microdata BreadcrumbList (Home > Men > Knitwear)',
    url: 'https://www.next.co.uk/style/st123456/a12345#a12345',
    expected: {
      name: 'Cotton Rich Crew Neck Jumper',
      brand: 'Next',
      price: 35,
      currency: 'GBP',
      imageUrl: 'https://xcdn.next.co.uk/common/items/default/default/itemimages/3_4Ratio/product/lge/A12345s.jpg',
      description: 'A soft cotton-rich jumper with a classic crew neck and ribbed trims.',
      sourceUrl: 'https://www.next.co.uk/style/st123456/a12345',
      colour: null,
      gender: 'Men',
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'jpy-no-decimals.html',
    covers: 'JPY without decimals: "12900" in JSON-LD, "¥12,900" in product meta; a Japanese and English name',
    url: 'https://www.shiro-store.jp/products/linen-shirt-0123',
    expected: {
      name: 'リネンシャツ / Linen Shirt',
      brand: 'SHIRO',
      price: 12900,
      currency: 'JPY',
      imageUrl: 'https://www.shiro-store.jp/img/goods/L/0123_main.jpg',
      description: '風通しの良いリネン100%のシャツ。Breathable 100% linen shirt.',
      sourceUrl: 'https://www.shiro-store.jp/products/linen-shirt-0123',
      colour: null,
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'product-group-variants.html',
    covers: 'ProductGroup with hasVariant: the group is the product, its image lent by a variant, audience.suggestedGender https://schema.org/Female; the URL selects size L at $58 (S is $45 but sold out, M $55)',
    url: 'https://www.coastline.com/women/swim/coral-ribbed-bikini-top?size=L',
    expected: {
      name: 'Coral Ribbed Bikini Top',
      brand: 'Coastline',
      price: 58,
      currency: 'USD',
      imageUrl: 'https://cdn.coastline.com/products/cbt-01/coral-1.jpg',
      description: 'A ribbed triangle bikini top with adjustable ties, lined.',
      sourceUrl: 'https://www.coastline.com/women/swim/coral-ribbed-bikini-top',
      colour: null,
      gender: 'Women',
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'broken-jsonld.html',
    covers: 'Broken JSON-LD: //<![CDATA[ wrapper, // and /* */ comments, trailing commas, a raw newline and tab inside a string, two objects back to back, a truncated script, an <!-- --> wrapped BreadcrumbList with a trailing comma',
    url: 'https://www.fernandpine.com/products/harbour-cable-knit-sweater',
    expected: {
      name: 'Harbour Cable-Knit Sweater',
      brand: 'Fern & Pine',
      price: 118,
      currency: 'USD',
      imageUrl: 'https://cdn.fernandpine.com/products/harbour-1.jpg',
      description: 'Chunky cable-knit sweater in undyed wool. Hand wash cold. Dry flat.',
      sourceUrl: 'https://www.fernandpine.com/products/harbour-cable-knit-sweater',
      colour: null,
      gender: 'Men',
      category: 'tops',
    },
    confidence: HIGH,
  },
  {
    file: 'escaped-jsonld.html',
    covers: 'JSON-LD HTML-escaped whole (&quot;), with entities inside its strings (Women&#39;s, Olive &amp; Oak) and its description HTML escaped twice; gender and category from the URL words',
    url: 'https://www.olive-and-oak.com/p/womens-cropped-denim-jacket-indigo',
    expected: {
      name: "Women's Cropped Denim Jacket",
      brand: 'Olive & Oak',
      price: 89.5,
      currency: 'USD',
      imageUrl: 'https://cdn.olive-and-oak.com/img/cropped-denim-jacket-indigo.jpg',
      description: 'A boxy, cropped jacket in rigid indigo denim. 100% cotton',
      sourceUrl: 'https://www.olive-and-oak.com/p/womens-cropped-denim-jacket-indigo',
      colour: null,
      gender: 'Women',
      category: 'outerwear',
    },
    confidence: HIGH,
  },
  {
    file: 'two-products-related.html',
    covers: 'Two products: an upsell app puts a complete $395 duffle first; the page’s own tote (no description) wins by its URL; microdata cards in "You may also like" are ignored, so the description comes from og',
    url: 'https://www.hollowayandco.com/products/everyday-tote-bag-black?utm_campaign=spring',
    expected: {
      name: 'Everyday Tote Bag',
      brand: 'Holloway & Co',
      price: 128,
      currency: 'USD',
      imageUrl: 'https://cdn.hollowayandco.com/products/everyday-tote-black-1.jpg',
      description: 'Our everyday tote in pebbled leather, with an inner zip pocket.',
      sourceUrl: 'https://www.hollowayandco.com/products/everyday-tote-bag-black',
      colour: null,
      category: 'accessories',
    },
    confidence: HIGH,
  },
  {
    file: 'relative-images.html',
    covers: 'Images: a data: URI in JSON-LD is refused, the microdata image is relative to <base href>; the microdata description fills what JSON-LD lacks; category from the URL (/collections/scarves/)',
    url: 'https://shop.atelier-rue.com/collections/scarves/silk-square-scarf.html',
    expected: {
      name: 'Silk Square Scarf',
      brand: 'Atelier Rue',
      price: 85,
      currency: 'EUR',
      imageUrl: 'https://shop.atelier-rue.com/static/images/silk-square-scarf-1.jpg',
      description: 'Hand-rolled edges, 90 × 90 cm, printed in Como.',
      sourceUrl: 'https://shop.atelier-rue.com/collections/scarves/silk-square-scarf.html',
      colour: null,
      category: 'accessories',
    },
    confidence: HIGH,
  },
  {
    file: 'entity-title-og.html',
    covers: 'Entity-laden title with a " | Shop" tail (&eacute;, &egrave;, &iuml;, &amp;, &#8211;, &nbsp;, &mdash;); the shop names no brand',
    url: 'https://maison-et-fils.com/products/cafe-creme-cardigan',
    expected: {
      name: 'Café Crème Cable-Knit Cardigan',
      brand: null,
      price: 185,
      currency: 'EUR',
      imageUrl: 'https://maison-et-fils.com/cdn/shop/files/cafe-creme-cardigan.jpg',
      description: 'Cosy cardigan knitted from baby alpaca & merino — made in Portugal.',
      sourceUrl: 'https://maison-et-fils.com/products/cafe-creme-cardigan',
      colour: null,
      category: 'tops',
    },
    confidence: [0.6, 0.8],
  },
  {
    file: 'model-name-breadcrumbs.html',
    covers: 'A model name ("GDC Zoe") whose description says only "shell" and "hood": the breadcrumb nav (Home / Women / Coats & Jackets / GDC Zoe) names the category and gender',
    url: 'https://www.stridewell.com/p/gdc-zoe/5123901?color=olive',
    expected: {
      name: 'GDC Zoe',
      brand: 'Stridewell',
      price: 148,
      currency: 'USD',
      imageUrl: 'https://n.stridewell.com/is/image/Stridewell/5123901_zoe_olive?wid=1200',
      description: 'Water-repellent shell with a packable hood, a two-way zip and a dropped back hem.',
      sourceUrl: 'https://www.stridewell.com/p/gdc-zoe/5123901',
      colour: null,
      gender: 'Women',
      category: 'outerwear',
    },
    confidence: HIGH,
  },
  {
    file: 'model-name-url.html',
    covers: 'A model name ("Dayzy - White", a dash that is part of the name) with no breadcrumbs: the URL segment /womens-shoes/ names the category and gender',
    url: 'https://www.lumenfootwear.com/en-gb/womens-shoes/dayzy-white-p12345.html?utm_source=google&utm_medium=cpc',
    expected: {
      name: 'Dayzy - White',
      brand: 'Lumen',
      price: 89,
      currency: 'GBP',
      imageUrl: 'https://images.lumenfootwear.com/dayzy-white-side.jpg',
      description: 'Our best-selling platform, now in soft white leather.',
      sourceUrl: 'https://www.lumenfootwear.com/en-gb/womens-shoes/dayzy-white-p12345.html',
      colour: null,
      gender: 'Women',
      category: 'shoes',
    },
    confidence: HIGH,
  },
  {
    file: 'model-name-description.html',
    covers: 'A model name ("Aero Max Plus") with no breadcrumbs or URL words: the description’s one shoe word ("heel") decides; gender from audience.suggestedGender "male"; colour "White/Black" as the JSON-LD writes it',
    url: 'https://www.velocity-athletics.com/t/aero-max-plus-ct1234-100',
    expected: {
      name: 'Aero Max Plus',
      brand: 'Velocity',
      price: 175,
      currency: 'USD',
      imageUrl: 'https://static.velocity-athletics.com/a/images/t_PDP_1728/aero-max-plus.png',
      description:
        'Let your attitude have the edge in the Aero Max Plus, a tuned air experience with premium stability and unbelievable cushioning. Wavy design lines and the visible air unit in the heel celebrate defiant style.',
      sourceUrl: 'https://www.velocity-athletics.com/t/aero-max-plus-ct1234-100',
      colour: 'White/Black',
      gender: 'Men',
      category: 'shoes',
    },
    confidence: HIGH,
  },
  {
    file: 'single-brand-retailer.html',
    covers: 'A single-brand supported retailer whose JSON-LD (a top-level array) names no brand: the retailer’s brand; an upper-case name kept as written; the JSON-LD colour (Ecru)',
    url: 'https://www.zara.com/us/en/cropped-tweed-jacket-p02010123.html?v1=345812512&v2=2352545',
    expected: {
      name: 'CROPPED TWEED JACKET',
      brand: 'Zara',
      price: 69.9,
      currency: 'USD',
      imageUrl: 'https://static.zara.net/photos///2024/V/0/1/p/2010/123/712/2/w/750/2010123712_1_1_1.jpg?ts=1700000000000',
      description: 'Cropped jacket with a round neck and long sleeves. Front pockets. Gold metal button fastening.',
      sourceUrl: 'https://www.zara.com/us/en/cropped-tweed-jacket-p02010123.html',
      colour: 'Ecru',
      category: 'outerwear',
    },
    confidence: HIGH,
  },
  {
    file: 'blog-no-product.html',
    covers: 'No product: a blog post (BlogPosting, og:type article) that mentions prices in a caption; the title and image are all there is, no price, no category or gender, low confidence',
    url: 'https://www.thestyleedit.com/journal/how-to-wear-wide-leg-trousers?utm_source=pinterest',
    expected: {
      name: 'How to Wear Wide-Leg Trousers This Autumn',
      brand: null,
      price: null,
      currency: null,
      imageUrl: 'https://www.thestyleedit.com/img/journal/wide-leg-trousers-hero.jpg',
      description: 'Five ways to style wide-leg trousers, from the office to the weekend.',
      sourceUrl: 'https://www.thestyleedit.com/journal/how-to-wear-wide-leg-trousers',
      colour: null,
      },
    confidence: [0, 0.3],
  },
  {
    file: 'home-page-listing.html',
    covers: 'No product: a shop home page with four product cards in microdata, none of them the page (a listing), the shop name leading og:title; low confidence',
    url: 'https://www.hollowayandco.com/',
    expected: {
      name: 'Leather Goods Made to Last',
      brand: null,
      price: null,
      currency: null,
      imageUrl: 'https://cdn.hollowayandco.com/og/home.jpg',
      description: 'Bags, belts and small leather goods, made in England.',
      sourceUrl: 'https://www.hollowayandco.com/',
      colour: null,
    },
    confidence: [0, 0.3],
  },
];

const page = (file: string): string => readFileSync(join(__dirname, 'fixtures', file), 'utf8');

describe('fixture pages', () => {
  it('has at least twenty pages, each used once', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.map((c) => c.file)).size).toBe(cases.length);
  });

  describe.each(cases)('$file', ({ file, url, expected, confidence }) => {
    it('reads what a shopper reads on the page', () => {
      const { confidence: score, ...product } = extractProduct(page(file), url);
      expect(product).toEqual(expected);
      expect(score).toBeGreaterThanOrEqual(confidence[0]);
      expect(score).toBeLessThanOrEqual(confidence[1]);
    });
  });
});
