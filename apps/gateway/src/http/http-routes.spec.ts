import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { HTTP_ROUTES, SaveItemRequest, SearchParams, type HttpRouteMap } from '@closetly/contracts';
import { z } from 'zod';
import { Authenticated } from '../auth/auth.guards';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { contractProblems, gatewayControllers, servedRoutes } from './served-routes.spec-helper';
import { ZodPipe } from './zod-body.pipe';

describe('the gateway serves HTTP_ROUTES, and only them', () => {
  const served = servedRoutes(gatewayControllers());

  it('agrees with the map on every route: method and path, auth, rate limit, extension scope, status and schemas', () => {
    expect(contractProblems(served, HTTP_ROUTES)).toEqual([]);
  });

  it('leaves out only the API catch-all, which answers 404 for any unknown /api path', () => {
    expect(served.filter((route) => route.method === 'ALL').map((route) => route.handler)).toEqual(['ApiNotFoundController.notFound', 'ApiNotFoundController.notFound']);
    expect(served.length).toBeGreaterThan(50);
  });

  describe('finds each kind of drift', () => {
    const Wrong = z.object({ data: z.unknown() });
    const spec = {
      saveItem: { ...HTTP_ROUTES.saveItem },
      search: { ...HTTP_ROUTES.search },
      removeFromWardrobe: { ...HTTP_ROUTES.removeFromWardrobe },
    } satisfies HttpRouteMap;

    @Controller('api')
    class DriftedController {
      /** No extension scope, no rate limit, 201 (Nest's POST default), another body schema. */
      @Post('save')
      @Authenticated()
      save(@Body(new ZodPipe(Wrong)) body: unknown) {
        return body;
      }

      /** Signed-in only, where the map lets anyone with the beta token search. */
      @Get('search')
      @Authenticated()
      @RateLimit('search')
      search(@Query(new ZodPipe(SearchParams)) query: unknown) {
        return query;
      }

      /** A route the map lacks. */
      @Post('save-everything')
      @HttpCode(204)
      saveEverything(@Body(new ZodPipe(SaveItemRequest)) body: unknown) {
        return body;
      }
    }

    it('names every disagreement', () => {
      expect(contractProblems(servedRoutes([DriftedController]), spec)).toEqual([
        'POST /api/save (DriftedController.save): rate limit is undefined, HTTP_ROUTES.saveItem says save',
        'POST /api/save (DriftedController.save): extension scope is false, HTTP_ROUTES.saveItem says true',
        'POST /api/save (DriftedController.save): success status is 201, HTTP_ROUTES.saveItem says 200',
        'POST /api/save (DriftedController.save): body is validated with another schema than HTTP_ROUTES.saveItem.body',
        'GET /api/search (DriftedController.search): auth is user, HTTP_ROUTES.search says beta',
        'POST /api/save-everything (DriftedController.saveEverything) is served but not in HTTP_ROUTES',
        'HTTP_ROUTES.removeFromWardrobe (DELETE /api/remove-from-wardrobe/{id}) is served by no controller',
      ]);
    });
  });
});
