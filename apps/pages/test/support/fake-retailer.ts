import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local retailer of many product pages spread over several hosts, for the
 * refresh capacity bench (`BENCH_ONLY=page-watch npm run bench`) and its
 * smoke test. Each host is its own listener on its own loopback address
 * (127.0.0.20, .21, ...), mapped to a host name with OUTBOUND_TEST_HOSTS as
 * the page-watch tests do; the fetcher paces each host name.
 *
 * Every page is a product page as shops write them: a canonical link,
 * OpenGraph, a JSON-LD Product (name, brand, price, image), and enough
 * navigation markup and inline state to weigh what real pages weigh
 * (`pageBytes`). Each page has a strong ETag and answers 304 to a matching
 * If-None-Match; robots.txt allows everyone. The retailer counts what each
 * host served, and how politely it was read: the most requests in flight at
 * once and the shortest time between two requests' arrivals.
 */
export interface FakeRetailerOptions {
  hosts: number;
  pages: number;
  /** About how large each product page is (the shared padding makes it up). Default 200 KB, the small end of real product pages. */
  pageBytes?: number;
}

/** One product page of the retailer: page `index` lives on host `index % hosts`. */
export interface RetailerPage {
  index: number;
  host: string;
  path: string;
  url: string;
  etag: string;
  name: string;
  brand: string;
  price: number;
}

export interface HostStats {
  host: string;
  pages: number;
  notModified: number;
  robots: number;
  bytes: number;
  /** The most requests this host had in flight at once (a polite reader keeps it at 1). */
  maxInFlight: number;
  /** The shortest time between two requests arriving at this host, in ms (Infinity below two requests). */
  minGapMs: number;
  /** performance.now() of the first and last request (robots.txt included), and of the first and last page request. */
  firstAt: number;
  lastAt: number;
  firstPageAt: number;
  lastPageAt: number;
}

export interface FakeRetailer {
  hosts: readonly string[];
  /** OUTBOUND_TEST_HOSTS for this retailer: each host name → its loopback listener. */
  testHosts: string;
  /** host name → its listener's `address:port`. */
  listeners: ReadonlyMap<string, { address: string; port: number }>;
  pageCount: number;
  page(index: number): RetailerPage;
  /** How many times each page was answered (a 200 or a 304), by index. */
  reads: Uint32Array;
  stats(): HostStats[];
  /** Forgets every count (between a bench's phases). */
  resetStats(): void;
  close(): Promise<void>;
}

const BRANDS = ['Arket', 'COS', 'Wildfern', 'Northwind', 'Mango', 'Weekday', 'Toast', 'Sézane'];
const GARMENTS = ['Wool Coat', 'Linen Shirt', 'Ribbed Knit Dress', 'Straight Jeans', 'Cable Knit Jumper', 'Leather Loafers', 'Pleated Skirt', 'Cotton Tee'];
const COLOURS = ['Black', 'Navy', 'Ecru', 'Olive', 'Rust', 'Grey', 'Camel', 'White'];

export const retailerHostName = (n: number): string => `shop-${n + 1}.retailer.test`;

export function retailerPage(index: number, hosts: number): RetailerPage {
  const host = retailerHostName(index % hosts);
  const name = `${COLOURS[index % COLOURS.length]} ${GARMENTS[Math.floor(index / 8) % GARMENTS.length]} ${index}`;
  const path = `/products/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return {
    index,
    host,
    path,
    url: `https://${host}${path}`,
    etag: `"p${index}-v1"`,
    name,
    brand: BRANDS[Math.floor(index / 64) % BRANDS.length] as string,
    price: 19 + ((index * 37) % 280) + 0.95,
  };
}

/** The page's own part: head, JSON-LD and the product block. */
function productHead(page: RetailerPage): string {
  const image = `https://${page.host}/cdn/images/${page.index}-1.jpg`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: page.name,
    sku: `SKU-${page.index}`,
    brand: { '@type': 'Brand', name: page.brand },
    image: [image, `https://${page.host}/cdn/images/${page.index}-2.jpg`],
    description: `${page.name} by ${page.brand}: a relaxed fit, made to last.`,
    offers: { '@type': 'Offer', url: page.url, price: page.price.toFixed(2), priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  };
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${page.name} | ${page.brand}</title>
<link rel="canonical" href="${page.url}">
<meta name="description" content="${page.name} by ${page.brand}.">
<meta property="og:type" content="product">
<meta property="og:title" content="${page.name}">
<meta property="og:image" content="${image}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head>
<body>
<main class="product"><h1 class="product__title">${page.name}</h1><p class="product__brand">${page.brand}</p><span class="price">€${page.price.toFixed(2)}</span>
<img src="${image}" alt="${page.name}"><button class="add-to-bag">Add to bag</button></main>
`;
}

/** What every page carries besides its product: menus, related links, an inline state blob. Shared, so the retailer stays cheap. */
function padding(bytes: number): Buffer {
  const parts: string[] = ['<nav class="mega-menu"><ul>'];
  let size = 0;
  for (let i = 0; size < bytes / 2; i += 1) {
    const part = `<li class="menu__item"><a href="/collections/${GARMENTS[i % GARMENTS.length]?.toLowerCase().replace(/ /g, '-')}-${i}" class="menu__link">${COLOURS[i % COLOURS.length]} ${GARMENTS[i % GARMENTS.length]}</a></li>`;
    parts.push(part);
    size += part.length;
  }
  parts.push('</ul></nav><script>window.__INITIAL_STATE__=');
  const state: Array<Record<string, unknown>> = [];
  for (let i = 0; size < bytes; i += 1) {
    const entry = { id: i, title: `${COLOURS[i % COLOURS.length]} ${GARMENTS[i % GARMENTS.length]}`, handle: `related-${i}`, price: 1995 + i, tags: ['new', 'sustainable'] };
    state.push(entry);
    size += JSON.stringify(entry).length + 1;
  }
  parts.push(JSON.stringify({ related: state }), ';</script>');
  return Buffer.from(parts.join(''), 'utf8');
}

const TAIL = Buffer.from('<footer class="footer"><p>Free returns within 30 days.</p></footer>\n</body>\n</html>\n', 'utf8');
const ROBOTS = 'User-agent: *\nAllow: /\n';

export async function startFakeRetailer({ hosts, pages, pageBytes = 200 * 1024 }: FakeRetailerOptions): Promise<FakeRetailer> {
  const pad = padding(Math.max(0, pageBytes - 2048));
  const names = Array.from({ length: hosts }, (_, n) => retailerHostName(n));
  const byPath = names.map(() => new Map<string, number>());
  for (let index = 0; index < pages; index += 1) byPath[index % hosts]?.set(retailerPage(index, hosts).path, index);
  const reads = new Uint32Array(pages);
  const blank = (host: string): HostStats & { inFlight: number } => ({
    host, pages: 0, notModified: 0, robots: 0, bytes: 0, maxInFlight: 0, minGapMs: Infinity, firstAt: 0, lastAt: 0, firstPageAt: 0, lastPageAt: 0, inFlight: 0,
  });
  let stats = names.map(blank);

  const serve = (n: number) => (request: IncomingMessage, response: ServerResponse) => {
    const host = stats[n] as HostStats & { inFlight: number };
    const arrived = performance.now();
    if (host.lastAt > 0) host.minGapMs = Math.min(host.minGapMs, arrived - host.lastAt);
    if (host.firstAt === 0) host.firstAt = arrived;
    host.lastAt = arrived;
    host.inFlight += 1;
    host.maxInFlight = Math.max(host.maxInFlight, host.inFlight);
    response.once('close', () => (host.inFlight -= 1));
    const path = new URL(request.url ?? '/', 'http://retailer.test').pathname;
    if (path === '/robots.txt') {
      host.robots += 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
      return;
    }
    const index = byPath[n]?.get(path);
    if (index === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><title>Not found</title></head></html>');
      return;
    }
    const page = retailerPage(index, hosts);
    reads[index] = (reads[index] ?? 0) + 1;
    if (host.firstPageAt === 0) host.firstPageAt = arrived;
    host.lastPageAt = arrived;
    if (request.headers['if-none-match'] === page.etag) {
      host.notModified += 1;
      response.writeHead(304, { etag: page.etag }).end();
      return;
    }
    const body = Buffer.concat([Buffer.from(productHead(page), 'utf8'), pad, TAIL]);
    host.pages += 1;
    host.bytes += body.length;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, etag: page.etag }).end(body);
  };

  const servers: Server[] = [];
  const listeners = new Map<string, { address: string; port: number }>();
  try {
    for (let n = 0; n < hosts; n += 1) {
      const address = `127.0.0.${20 + n}`;
      const server = createServer(serve(n));
      server.keepAliveTimeout = 5_000;
      servers.push(server);
      server.listen(0, address);
      await once(server, 'listening');
      listeners.set(names[n] as string, { address, port: (server.address() as AddressInfo).port });
    }
  } catch (error) {
    for (const server of servers) server.close();
    throw error;
  }

  return {
    hosts: names,
    testHosts: [...listeners].map(([host, { address, port }]) => `${host}=${address}:${port}`).join(','),
    listeners,
    pageCount: pages,
    page: (index) => retailerPage(index, hosts),
    reads,
    stats: () => stats.map(({ inFlight: _inFlight, ...rest }) => ({ ...rest })),
    resetStats: () => {
      stats = names.map(blank);
      reads.fill(0);
    },
    close: async () => {
      await Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      );
    },
  };
}
