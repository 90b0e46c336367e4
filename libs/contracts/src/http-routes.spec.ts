import { HTTP_ROUTES, httpRoutePath, RATE_LIMIT_POLICIES, type HttpRouteSpec } from './http-routes';

const routes: Array<[string, HttpRouteSpec]> = Object.entries(HTTP_ROUTES);

describe('HTTP_ROUTES', () => {
  it('names each method and path once', () => {
    const names = routes.map(([, route]) => `${route.method} ${route.path}`);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("keeps the product spec's call table (§7) exactly", () => {
    const spec = [
      'POST /api/verify-beta',
      'POST /api/logout',
      'GET /api/get-wardrobe',
      'POST /api/save',
      'DELETE /api/remove-from-wardrobe/{id}',
      'GET /api/profile',
      'PUT /api/profile',
      'POST /api/user',
      'GET /api/popular-items',
      'GET /api/recommended-items',
      'GET /api/new-arrivals/{brand}',
      'GET /api/products/category/{category}',
      'GET /api/search',
      'GET /api/recent-searches',
      'POST /api/save-search',
      'POST /api/item-feedback',
      'GET /api/at-risk-items',
      'GET /api/products/ungendered',
      'GET /api/proxy-image',
      'GET /api/image/{id}',
    ];
    expect(spec.filter((name) => !routes.some(([, route]) => `${route.method} ${route.path}` === name))).toEqual([]);
  });

  it.each(routes)('%s declares a schema for each of its path parameters, and no other', (_key, route) => {
    const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    expect(Object.keys(route.params?.shape ?? {}).sort()).toEqual(inPath);
  });

  it('has a route for every rate-limit policy (a policy no route names is dead)', () => {
    const named = new Set(routes.map(([, route]) => route.rateLimit));
    expect(RATE_LIMIT_POLICIES.filter((policy) => !named.has(policy))).toEqual([]);
  });

  it('lets the extension call the three wardrobe routes, send the price it read on a saved page and follow the live events, and no other', () => {
    expect(routes.filter(([, route]) => route.extension).map(([key]) => key)).toEqual(['saveItem', 'getWardrobe', 'removeFromWardrobe', 'recordPriceObservation', 'liveEvents']);
  });
});

describe('httpRoutePath', () => {
  it('percent-encodes each value into its segment', () => {
    expect(httpRoutePath(HTTP_ROUTES.getNewArrivals.path, { brand: 'AC/DC Merch #1' })).toBe('/api/new-arrivals/AC%2FDC%20Merch%20%231');
    expect(httpRoutePath(HTTP_ROUTES.resolveContest.path, { id: 'x' })).toBe('/api/admin/contested-products/x/resolve');
  });

  it('refuses a missing parameter rather than send a literal {id}', () => {
    expect(() => httpRoutePath(HTTP_ROUTES.getProduct.path, {})).toThrow('Missing path parameter "id" for /api/products/{id}');
  });
});
