import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A product as a Zara product page states it. */
export interface ZaraProduct {
  /** The page's canonical address (https://www.zara.com/...). */
  url: string;
  name: string;
  price: number;
  imageUrl: string;
  description: string;
}

/** A product page in Zara's markup: the canonical link, OpenGraph, and a JSON-LD Product (a top-level array, no brand: zara.com sells Zara). */
export function zaraProductPage(product: ZaraProduct): string {
  const jsonLd = [
    {
      '@context': 'http://schema.org',
      '@type': 'Product',
      sku: '345812512-712-1',
      name: product.name,
      description: product.description,
      image: product.imageUrl,
      offers: { '@type': 'Offer', price: product.price.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: product.url },
    },
  ];
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<title>${product.name} | ZARA United States</title>
<link rel="canonical" href="${product.url}">
<meta name="description" content="${product.description}">
<meta property="og:title" content="${product.name} | ZARA United States">
<meta property="og:image" content="${product.imageUrl}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head>
<body><main><h1 class="product-detail-info__header-name">${product.name}</h1><span class="money-amount__main">$${product.price.toFixed(2)}</span></main></body>
</html>`;
}

/** An anti-bot interstitial on a 503, as a shop behind a captcha answers a crawler. */
export const CAPTCHA_WALL = '<!DOCTYPE html><html><head><title>Access check</title></head><body><p>Please verify you are a human.</p><div class="g-recaptcha"></div></body></html>';

export interface SitePage {
  status: number;
  body: string;
  /** Sent as ETag; a request with it in If-None-Match is answered 304. */
  etag?: string;
}

export interface SiteRequest {
  path: string;
  userAgent: string | undefined;
  ifNoneMatch: string | undefined;
}

/** A retailer's site on a loopback address, mapped to its real host with OUTBOUND_TEST_HOSTS. */
export interface RetailerSite {
  /** host:port, as OUTBOUND_TEST_HOSTS names the listener. */
  address: string;
  pages: Map<string, SitePage>;
  /** Every page request (robots.txt aside), oldest first. */
  requests: SiteRequest[];
  close(): Promise<void>;
}

/** Serves `pages` by path (404 otherwise) and a robots.txt that allows everyone. */
export async function startRetailerSite(host = '127.0.0.5'): Promise<RetailerSite> {
  const pages = new Map<string, SitePage>();
  const requests: SiteRequest[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const path = new URL(request.url ?? '/', 'http://site.test').pathname;
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const ifNoneMatch = request.headers['if-none-match'];
    requests.push({ path, userAgent: request.headers['user-agent'], ifNoneMatch });
    const page = pages.get(path);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><title>Not found</title></head></html>');
      return;
    }
    const etag = page.etag ? { etag: page.etag } : {};
    if (page.etag && ifNoneMatch === page.etag) {
      response.writeHead(304, etag).end();
      return;
    }
    response.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', ...etag }).end(page.body);
  });
  server.keepAliveTimeout = 1_000;
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    address: `${host}:${port}`,
    pages,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
