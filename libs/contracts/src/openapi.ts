import { z } from 'zod';
import * as account from './account';
import * as auth from './auth';
import * as beta from './beta';
import * as catalogue from './catalogue';
import * as errors from './errors';
import * as health from './health';
import * as httpRoutes from './http-routes';
import * as images from './images';
import * as lists from './lists';
import * as profile from './profile';
import * as retention from './retention';
import * as rpc from './rpc';
import * as search from './search';
import * as trust from './trust';

/**
 * The OpenAPI 3.1 document of the gateway, generated from HTTP_ROUTES. Schemas come from zod 4's own
 * `z.toJSONSchema`, which writes JSON Schema 2020-12: the dialect OpenAPI 3.1 uses, so no converter
 * sits between the contracts and the document. Requests are described as clients send them (zod's
 * input side: a query's `page` is text before it is coerced), answers as the gateway sends them, as
 * named components. The contract modules are imported whole to name those components by their exports.
 */

const { HTTP_ROUTES } = httpRoutes;
type HttpAuth = httpRoutes.HttpAuth;
type HttpRouteMap = httpRoutes.HttpRouteMap;
type HttpRouteSpec = httpRoutes.HttpRouteSpec;

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: Array<{ url: string; description: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, JsonObject>>;
  components: JsonObject;
}

/** Security schemes, named as the document's `security` entries name them. */
const BETA_TOKEN = 'betaToken';
const BEARER = 'bearerJwt';

/** What each auth level asks for; alternatives are listed one per entry (OpenAPI's OR). */
const SECURITY: Record<HttpAuth, Array<Record<string, string[]>>> = {
  none: [],
  beta: [{ [BETA_TOKEN]: [] }],
  'optional-user': [{ [BETA_TOKEN]: [], [BEARER]: [] }, { [BETA_TOKEN]: [] }],
  user: [{ [BETA_TOKEN]: [], [BEARER]: [] }],
  admin: [{ [BETA_TOKEN]: [], [BEARER]: [] }],
};

const AUTH_NOTES: Record<HttpAuth, string> = {
  none: 'No beta token needed.',
  beta: 'Needs the beta token.',
  'optional-user': "Needs the beta token; a signed-in caller's access token, when sent, changes the answer.",
  user: "Needs the beta token and a signed-in caller's access token.",
  admin: "Needs the beta token and an administrator's access token.",
};

/** Where an answer's schema is, in the document. */
const COMPONENT_PREFIX = '#/components/schemas/';
const componentRef = (name: string) => ({ $ref: `${COMPONENT_PREFIX}${name}` });

/**
 * Answers are named components, under the names the contracts export them by (ProductView, WardrobeItem…),
 * so a schema several routes answer, or one nested in another, is written once; an answer no export names
 * is named after its route (CheckBetaTokenResponse).
 */
function namedAnswerSchemas(routes: HttpRouteMap): { components: Record<string, JsonObject>; nameOf: Map<z.ZodType, string> } {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<z.ZodType, string>();
  const name = (schema: z.ZodType, id: string) => {
    if (nameOf.has(schema) || [...nameOf.values()].includes(id)) return;
    registry.add(schema, { id });
    nameOf.set(schema, id);
  };
  for (const module of [account, auth, beta, catalogue, errors, health, httpRoutes, images, lists, profile, retention, rpc, search, trust]) {
    for (const [exported, value] of Object.entries(module)) if (value instanceof z.ZodType) name(value, exported);
  }
  for (const [key, route] of Object.entries(routes)) {
    if ('schema' in route.answer && route.answer.schema) name(route.answer.schema, `${key[0]?.toUpperCase()}${key.slice(1)}Response`);
  }
  const generated = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any', uri: (id) => `${COMPONENT_PREFIX}${id}` });
  const components: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
    components[id] = rest;
  }
  return { components, nameOf };
}

/** Only the components the paths reach (directly or through another component): the rest are exports no route answers. */
function reachableComponents(paths: unknown, components: Record<string, JsonObject>): Record<string, JsonObject> {
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
        const name = value.slice(COMPONENT_PREFIX.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(components[name]);
        }
      } else visit(value);
    }
  };
  visit(paths);
  return Object.fromEntries([...reached].sort().map((name) => [name, components[name] as JsonObject]));
}

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  // `any` for what JSON Schema cannot say (a transform's output, a refinement): the runtime check stays the zod schema's.
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  const { $schema: _dialect, ...rest } = generated;
  return rest;
}

/** Query or path parameters: one entry per property of the object schema (a record is one free-form object). */
function parametersOf(schema: z.ZodType, location: 'query' | 'path'): JsonObject[] {
  const object = jsonSchemaOf(schema, 'input');
  const properties = object.properties as Record<string, JsonObject> | undefined;
  if (!properties) return [{ name: 'params', in: location, required: false, schema: object, style: 'form', explode: true }];
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.entries(properties).map(([name, property]) => {
    // Required when leaving it out fails: JSON Schema's `required` would count a filter that a preprocess
    // turns from absent into [] as required.
    const isRequired = location === 'path' || shape[name]?.safeParse(undefined).success === false;
    // A repeated query key (brand=A&brand=B) is an array with form style, OpenAPI's default for queries.
    return { name, in: location, required: isRequired, schema: property, ...(property.type === 'array' ? { style: 'form', explode: true } : {}) };
  });
}

function successResponse(route: HttpRouteSpec, nameOf: ReadonlyMap<z.ZodType, string>): JsonObject {
  const { answer } = route;
  const schemaOf = (schema: z.ZodType) => {
    const name = nameOf.get(schema);
    return name ? componentRef(name) : jsonSchemaOf(schema, 'output');
  };
  if (answer.kind === 'empty') return { description: 'Done; no content.' };
  if (answer.kind === 'json') return { description: 'OK', content: { 'application/json': { schema: schemaOf(answer.schema) } } };
  const schema = answer.schema ? schemaOf(answer.schema) : { type: 'string', contentMediaType: answer.contentType };
  return {
    description: answer.attachment ? 'A file to save (Content-Disposition: attachment).' : 'OK',
    content: { [answer.contentType]: { schema } },
  };
}

function operationOf(key: string, route: HttpRouteSpec, nameOf: ReadonlyMap<z.ZodType, string>): JsonObject {
  const parameters = [...(route.params ? parametersOf(route.params, 'path') : []), ...(route.query ? parametersOf(route.query, 'query') : [])];
  const notes = [AUTH_NOTES[route.auth]];
  if (route.extension) notes.push("The Chrome extension's token may call it.");
  if (route.rateLimit) notes.push(`Rate limit policy: ${route.rateLimit}.`);
  return {
    operationId: key,
    summary: route.summary,
    description: notes.join(' '),
    security: SECURITY[route.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } } : {}),
    responses: {
      [String(route.status)]: successResponse(route, nameOf),
      ...(route.rateLimit ? { '429': { $ref: '#/components/responses/RateLimited' } } : {}),
      '4XX': { $ref: '#/components/responses/ApiError' },
      '5XX': { $ref: '#/components/responses/ApiError' },
    },
    ...(route.rateLimit ? { 'x-closetly-rate-limit': route.rateLimit } : {}),
    ...(route.extension ? { 'x-closetly-extension': true } : {}),
    'x-closetly-auth': route.auth,
  };
}

export function buildOpenApiDocument(routes: HttpRouteMap = HTTP_ROUTES, version = '1'): OpenApiDocument {
  const { components: named, nameOf } = namedAnswerSchemas(routes);
  const paths: OpenApiDocument['paths'] = {};
  for (const [key, route] of Object.entries(routes)) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operationOf(key, route, nameOf);
  }
  const errorContent = { 'application/json': { schema: componentRef('ApiErrorBody') } };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Closetly gateway',
      version,
      description: 'Every public HTTP route of the Closetly gateway, generated from the contract map (libs/contracts/src/http-routes.ts).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    // Each operation names its own requirement; this default covers any that would not.
    security: SECURITY.beta,
    paths,
    components: {
      schemas: reachableComponents({ paths, errorContent }, named),
      securitySchemes: {
        [BETA_TOKEN]: { type: 'apiKey', in: 'header', name: beta.BETA_TOKEN_HEADER, description: 'The signed beta token POST /api/verify-beta answers for a beta code. A missing or bad one is 403, never 401.' },
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A signed-in caller's access token (or the Chrome extension's, on the routes that accept it)." },
      },
      responses: {
        ApiError: { description: 'An error: `{ error: { code, message, fields? } }` (fields for VALIDATION_FAILED).', content: errorContent },
        RateLimited: {
          description: "Over the route's rate limit (RATE_LIMITED).",
          headers: { 'Retry-After': { description: 'Seconds until a retry may pass.', schema: { type: 'integer', minimum: 1 } } },
          content: errorContent,
        },
      },
    },
  };
}
