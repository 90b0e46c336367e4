import type { z } from 'zod';
import { HTTP_ROUTES, type HttpBodyOf, type HttpParamsOf, type HttpQueryOf, type HttpResponseOf, type HttpRouteKey, type HttpRoutes, type HttpRouteSpec, httpRoutePath } from '@closetly/contracts';
import { NoContent } from './no-content';
import type { ApiTransport, CallOptions, QueryValue } from './transport';

/** The routes answered with JSON or no content: the ones an operation calls through callRoute (files are fetched as blobs). */
export type JsonRouteKey = { [K in HttpRouteKey]: HttpRoutes[K]['answer']['kind'] extends 'json' | 'empty' ? K : never }[HttpRouteKey];

/**
 * A route's query as the URL carries it: the keys its schema reads, each a value or a repeated one. The values
 * are text on the wire, so their exact types are the schema's to check at the gateway (`page` is coerced there).
 */
export type RouteQuery<K extends HttpRouteKey> = { [P in keyof HttpQueryOf<K>]?: QueryValue | readonly QueryValue[] };

/** What a route takes, typed from HTTP_ROUTES: its path parameters and body when it has them, its query when it reads one. */
export type RouteInput<K extends HttpRouteKey> = ([HttpParamsOf<K>] extends [never] ? unknown : { params: HttpParamsOf<K> }) &
  ([HttpQueryOf<K>] extends [never] ? unknown : { query?: RouteQuery<K> }) &
  ([HttpBodyOf<K>] extends [never] ? unknown : { body: HttpBodyOf<K> });

export interface RouteCallOptions extends CallOptions {
  /** 'public' for the calls that get or replace a session (see ApiRequest.auth). */
  auth?: 'bearer' | 'public';
}

/**
 * Calls one route of the HTTP contract by its key: the method, the path and the answer's schema are the map's,
 * so the client and the gateway cannot disagree on them. Path parameters are percent-encoded into their segment.
 */
export function callRoute<K extends JsonRouteKey>(transport: ApiTransport, key: K, input: RouteInput<K>, options: RouteCallOptions = {}): Promise<HttpResponseOf<K>> {
  const route: HttpRouteSpec = HTTP_ROUTES[key];
  const { params, query, body } = input as { params?: Record<string, string>; query?: Record<string, QueryValue | readonly QueryValue[] | undefined>; body?: unknown };
  const schema = (route.answer.kind === 'json' ? route.answer.schema : NoContent) as z.ZodType<HttpResponseOf<K>>;
  return transport.request({ ...options, method: route.method, path: httpRoutePath(route.path, params), query, body, schema });
}
