import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { BetaController } from './beta/beta.controller';
import { BetaTokenGuard } from './beta/beta-token.guard';
import { BetaTokenService } from './beta/beta-token.service';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { ApiHealthController } from './health/api-health.controller';
import { HttpErrorFilter } from './http/http-error.filter';
import { SpaService } from './http/spa.service';

/** The only public entry: /api/* as the spec's call table names it, and the SPA. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [BetaController, ApiHealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        BetaTokenService,
        SpaService,
        { provide: APP_GUARD, useClass: BetaTokenGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
