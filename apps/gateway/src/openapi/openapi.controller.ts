import { Controller, Get, Header } from '@nestjs/common';
import { buildOpenApiDocument, type OpenApiDocument } from '@closetly/contracts';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every public route, generated from the HTTP contract
 * (HTTP_ROUTES) once, when the gateway starts. Behind the beta gate like every other /api route.
 */
@Controller('api')
export class OpenApiController {
  private readonly document = buildOpenApiDocument();

  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  openApiDocument(): OpenApiDocument {
    return this.document;
  }
}
