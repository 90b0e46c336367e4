import 'reflect-metadata';
import { type DynamicModule, RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { type HttpAuth, type HttpRouteMap, STATIC_HTTP_ROUTES } from '@closetly/contracts';
import { type Platform, PlatformModule } from '@closetly/server';
import { AdminGuard, EXTENSION_ALLOWED, JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/auth.guards';
import { BETA_EXEMPT } from '../beta/beta-token.guard';
import { loadGatewayConfig } from '../config';
import { GatewayModule } from '../gateway.module';
import { RATE_LIMIT } from '../rate-limit/rate-limit.interceptor';
import { ZodPipe } from './zod-body.pipe';

/** What one controller handler serves, read from its Nest metadata (as the router and the guards read it). */
export interface ServedRoute {
  /** `Controller.handler`, for messages. */
  handler: string;
  method: string;
  /** OpenAPI style: `/api/products/{id}`. */
  path: string;
  auth: HttpAuth | 'beta-exempt with a user guard';
  rateLimit: string | undefined;
  extension: boolean;
  status: number;
  /** The ZodPipe schema of `@Body()`, `@Query()` and whole-object `@Param()`; null for one without a ZodPipe. */
  body?: unknown;
  query?: unknown;
  params?: unknown;
  /** Names of `@Param('name')` arguments. */
  paramNames: string[];
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Every controller a module brings, its imported modules' included. */
function controllersOf(module: DynamicModule | Type): Type[] {
  const dynamic = 'module' in module ? module : undefined;
  const own: Type[] = dynamic?.controllers ?? Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? [];
  const imports = (dynamic?.imports ?? Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []) as Array<DynamicModule | Type>;
  return [...own, ...imports.flatMap((imported) => (typeof imported === 'function' || 'module' in imported ? controllersOf(imported) : []))];
}

/** The gateway process's controllers: GatewayModule's and the platform's (/health and /ready), as createHttpApp puts them together. */
export function gatewayControllers(): Type[] {
  const config = loadGatewayConfig({ BETA_TOKEN_SECRET: 'b'.repeat(40), AUTH_JWT_SECRET: 'j'.repeat(40) });
  return [...controllersOf(PlatformModule.forRoot({} as Platform)), ...controllersOf(GatewayModule.forRoot(config))];
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.ALL]: 'ALL',
};

const joinPath = (...parts: string[]) => `/${parts.map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const zodSchemaOf = (argument: RouteArgument): unknown => argument.pipes?.find((pipe): pipe is ZodPipe<never> => pipe instanceof ZodPipe)?.schema ?? null;

/** Every route the controllers serve, one per method and path. */
export function servedRoutes(controllers: readonly Type[]): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const controller of controllers) {
    const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const methodCode = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (methodCode === undefined) continue;
      const method = METHODS[methodCode] ?? `method ${methodCode}`;
      const guards = [...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? [])];
      const exempt = Reflect.getMetadata(BETA_EXEMPT, handler) === true || Reflect.getMetadata(BETA_EXEMPT, controller) === true;
      const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) as Record<string, RouteArgument>) ?? {});
      const argumentsOf = (type: RouteParamtypes) => args.filter(([key]) => Number(key.split(':')[0]) === type).map(([, argument]) => argument);
      const [body] = argumentsOf(RouteParamtypes.BODY);
      const [query] = argumentsOf(RouteParamtypes.QUERY);
      const params = argumentsOf(RouteParamtypes.PARAM);
      const wholeParams = params.find((argument) => argument.data === undefined);
      const paths = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, handler) as string | string[]) ?? '');
      for (const path of paths.map((each) => joinPath(prefix, each))) {
        const userGuard = guards.includes(AdminGuard) ? 'admin' : guards.includes(JwtAuthGuard) ? 'user' : guards.includes(OptionalJwtAuthGuard) ? 'optional-user' : undefined;
        const gated = isApiPath(path) && !exempt;
        routes.push({
          handler: `${controller.name}.${name}`,
          method,
          path: openApiPath(path),
          auth: userGuard ? (gated ? userGuard : 'beta-exempt with a user guard') : gated ? 'beta' : 'none',
          rateLimit: (Reflect.getMetadata(RATE_LIMIT, handler) ?? Reflect.getMetadata(RATE_LIMIT, controller)) as string | undefined,
          extension: Reflect.getMetadata(EXTENSION_ALLOWED, handler) === true,
          status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200),
          ...(body ? { body: zodSchemaOf(body) } : {}),
          ...(query ? { query: zodSchemaOf(query) } : {}),
          ...(wholeParams ? { params: zodSchemaOf(wholeParams) } : {}),
          paramNames: params.flatMap((argument) => (typeof argument.data === 'string' ? [argument.data] : [])),
        });
      }
    }
  }
  return routes;
}

/** `GET /api/save`: how a route is named in a problem. */
export const routeName = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string).sort();

/**
 * Where the served routes and the contract map disagree, one sentence each: a route the map lacks, an entry
 * no controller serves, or a route whose auth, rate-limit policy, extension scope, status or schemas differ.
 * Routes with method ALL (the API's catch-all 404) are not calls and are left out; so are the map's
 * STATIC_HTTP_ROUTES, which Fastify serves without a controller.
 */
export function contractProblems(served: readonly ServedRoute[], routes: HttpRouteMap): string[] {
  const problems: string[] = [];
  const entries = Object.entries(routes).filter(([key]) => !(STATIC_HTTP_ROUTES as readonly string[]).includes(key));
  const byName = new Map(entries.map(([key, route]) => [routeName(route), { key, route }]));
  const servedNames = new Set<string>();
  for (const route of served) {
    if (route.method === 'ALL') continue;
    const name = routeName(route);
    servedNames.add(name);
    const entry = byName.get(name);
    if (!entry) {
      problems.push(`${name} (${route.handler}) is served but not in HTTP_ROUTES`);
      continue;
    }
    const { key, route: spec } = entry;
    const differ = (what: string, actual: unknown, expected: unknown) => {
      if (actual !== expected) problems.push(`${name} (${route.handler}): ${what} is ${String(actual)}, HTTP_ROUTES.${key} says ${String(expected)}`);
    };
    differ('auth', route.auth, spec.auth);
    differ('rate limit', route.rateLimit, spec.rateLimit);
    differ('extension scope', route.extension, spec.extension === true);
    differ('success status', route.status, spec.status);
    for (const part of ['body', 'query'] as const) {
      if ((part in route) !== (spec[part] !== undefined)) problems.push(`${name} (${route.handler}): ${part} is ${part in route ? 'read' : 'not read'}, HTTP_ROUTES.${key} ${spec[part] ? 'has' : 'has no'} ${part} schema`);
      else if (route[part] && route[part] !== spec[part]) problems.push(`${name} (${route.handler}): ${part} is validated with another schema than HTTP_ROUTES.${key}.${part}`);
    }
    if (route.params !== undefined && route.params !== null && route.params !== spec.params) problems.push(`${name} (${route.handler}): params are validated with another schema than HTTP_ROUTES.${key}.params`);
    const specParams = Object.keys(spec.params?.shape ?? {}).sort();
    const readParams = route.params !== undefined ? specParams : [...route.paramNames].sort();
    if (JSON.stringify(readParams) !== JSON.stringify(pathParamNames(route.path)) || JSON.stringify(specParams) !== JSON.stringify(pathParamNames(route.path))) {
      problems.push(`${name} (${route.handler}): path parameters ${readParams.join(', ') || 'none'} read, ${specParams.join(', ') || 'none'} in HTTP_ROUTES.${key}`);
    }
  }
  for (const [name, { key }] of byName) if (!servedNames.has(name)) problems.push(`HTTP_ROUTES.${key} (${name}) is served by no controller`);
  return problems;
}
