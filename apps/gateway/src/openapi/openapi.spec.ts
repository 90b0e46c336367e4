import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildOpenApiDocument, HTTP_ROUTES, STATIC_HTTP_ROUTES } from '@closetly/contracts';
import { gatewayControllers, routeName, servedRoutes } from '../http/served-routes.spec-helper';
import { OpenApiController } from './openapi.controller';

const LINT_SCRIPT = join(__dirname, '../../../../scripts/lint-openapi.mjs');

/** Redocly's recommended rules, offline (scripts/lint-openapi.mjs): one JSON line per problem. */
function lint(document: unknown): { status: number | null; problems: string[] } {
  const result = spawnSync(process.execPath, [LINT_SCRIPT], { input: JSON.stringify(document), encoding: 'utf8', timeout: 30_000 });
  if (result.error) throw result.error;
  return { status: result.status, problems: result.stdout.split('\n').filter(Boolean) };
}

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));

  it('lints clean with the recommended rules', () => {
    expect(lint(document)).toEqual({ status: 0, problems: [] });
  });

  it('fails the lint when an operation breaks a rule (the check is live)', () => {
    const broken = structuredClone(document);
    delete (broken.paths['/api/save'] as { post: { summary?: string } }).post.summary;
    const { status, problems } = lint(broken);
    expect(status).toBe(1);
    expect(problems.map((line) => (JSON.parse(line) as { ruleId: string }).ruleId)).toEqual(['operation-summary']);
  });

  it('lists every route the gateway serves, and nothing else', () => {
    const served = servedRoutes(gatewayControllers()).filter((route) => route.method !== 'ALL');
    const fastifyServed = STATIC_HTTP_ROUTES.map((key) => HTTP_ROUTES[key]);
    expect(operations.map(routeName).sort()).toEqual([...served, ...fastifyServed].map(routeName).sort());
  });

  it('asks each operation for what the gateway checks: nothing, the beta token, or the beta token and a bearer JWT', () => {
    const served = new Map(servedRoutes(gatewayControllers()).map((route) => [routeName(route), route.auth]));
    const schemes = (security: unknown) => (security as Array<Record<string, unknown>>).map((requirement) => Object.keys(requirement).sort().join('+'));
    const expected = { none: [], beta: ['betaToken'], 'optional-user': ['bearerJwt+betaToken', 'betaToken'], user: ['bearerJwt+betaToken'], admin: ['bearerJwt+betaToken'] };
    for (const { method, path, operation } of operations) {
      const auth = served.get(routeName({ method, path })) ?? 'none';
      expect({ route: `${method} ${path}`, security: schemes(operation.security) }).toEqual({ route: `${method} ${path}`, security: expected[auth as keyof typeof expected] });
    }
    expect(document.components).toMatchObject({
      securitySchemes: { betaToken: { type: 'apiKey', in: 'header', name: 'x-beta-token' }, bearerJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    });
  });

  it('describes a repeatable query filter as optional and exploded, and a path parameter as required', () => {
    const search = document.paths['/api/search']?.get as { parameters: Array<{ name: string; required: boolean; explode?: boolean }> };
    expect(search.parameters.find((parameter) => parameter.name === 'brand')).toMatchObject({ required: false, explode: true, schema: { type: 'array' } });
    const remove = document.paths['/api/remove-from-wardrobe/{id}']?.delete as { parameters: Array<{ name: string; in: string; required: boolean }> };
    expect(remove.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it("names answers' schemas as the contracts export them, each written once", () => {
    const wardrobe = document.paths['/api/get-wardrobe']?.get as { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    expect(wardrobe.responses['200']?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/WardrobeItems' });
    const schemas = document.components.schemas as Record<string, unknown>;
    expect(schemas.ProductList).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ProductView' } });
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['ApiErrorBody', 'ProductView', 'SearchResults', 'CheckBetaTokenResponse']));
  });

  it('is what the controller serves', () => {
    expect(new OpenApiController().openApiDocument()).toEqual(document);
  });
});
