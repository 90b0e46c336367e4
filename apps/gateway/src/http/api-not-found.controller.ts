import { All, Controller } from '@nestjs/common';
import { DomainError } from '@closetly/server';

/**
 * Every /api path is a route, so an unknown one meets the beta gate (a global
 * guard, which Nest runs only for matched routes) before it answers 404:
 * without a token nobody can probe which calls exist. The router matches
 * after percent-decoding, so `/%61pi/x` lands here too, and it prefers every
 * static or parametric route to this wildcard, so known calls never do.
 */
@Controller('api')
export class ApiNotFoundController {
  @All(['', '*'])
  notFound(): never {
    throw new DomainError('NOT_FOUND', 'No such API call');
  }
}
