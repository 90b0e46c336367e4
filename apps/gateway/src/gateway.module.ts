import { type DynamicModule, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth/auth.controller';
import { JwtStrategy } from './auth/jwt.strategy';
import { OidcController } from './auth/oidc.controller';
import { BetaController } from './beta/beta.controller';
import { BetaTokenGuard } from './beta/beta-token.guard';
import { BetaTokenService } from './beta/beta-token.service';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { ApiHealthController } from './health/api-health.controller';
import { HttpErrorFilter } from './http/http-error.filter';
import { SpaService } from './http/spa.service';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';

/** The only public entry: /api/* as the spec's call table names it, and the SPA. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule],
      controllers: [BetaController, ApiHealthController, AuthController, OidcController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        BetaTokenService,
        SpaService,
        JwtStrategy,
        // Global guards run in this order: the beta gate, then rate limits.
        { provide: APP_GUARD, useClass: BetaTokenGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
