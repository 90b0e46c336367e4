import { type DynamicModule, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CACHE, type Cache, RedisCache } from '@closetly/server';
import { AccountController } from './account/account.controller';
import { AuthController } from './auth/auth.controller';
import { JwtStrategy } from './auth/jwt.strategy';
import { SessionLiveness } from './auth/session-liveness';
import { OidcController } from './auth/oidc.controller';
import { BetaController } from './beta/beta.controller';
import { BetaTokenGuard } from './beta/beta-token.guard';
import { BetaTokenService } from './beta/beta-token.service';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { DownloadsController } from './downloads/downloads.controller';
import { ApiHealthController } from './health/api-health.controller';
import { ReadinessState } from './health/readiness-state';
import { ApiNotFoundController } from './http/api-not-found.controller';
import { HttpErrorFilter } from './http/http-error.filter';
import { CatalogueStoredImageSource } from './images/catalogue-stored-image-source';
import { ImagesModule } from './images/images.module';
import { SpaService } from './http/spa.service';
import { ListAnswerCache } from './lists/list-answer-cache';
import { ListsController } from './lists/lists.controller';
import { LIVE_EVENT_LOG } from './live-events/live-event-log';
import { LiveEventsConsumer } from './live-events/live-events.consumer';
import { LiveEventsController } from './live-events/live-events.controller';
import { LiveStreams } from './live-events/live-streams';
import { MemoryLiveEventLog } from './live-events/memory-live-event-log';
import { RedisLiveEventLog } from './live-events/redis-live-event-log';
import { ProductsController } from './products/products.controller';
import { ProfileController } from './profile/profile.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { PageWatchController } from './page-watch/page-watch.controller';
import { PriceAlertsController } from './price-alerts/price-alerts.controller';
import { RetentionController } from './retention/retention.controller';
import { RATE_LIMITS, RateLimitInterceptor } from './rate-limit/rate-limit.interceptor';
import { createRateLimiters, RATE_LIMITERS } from './rate-limit/rate-limiters';
import { SearchController } from './search/search.controller';
import { SystemController } from './system/system.controller';
import { WardrobeController } from './wardrobe/wardrobe.controller';

/** The only public entry: /api/* as the spec's call table names it, and the SPA. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        PassportModule,
        ImagesModule.forRoot({
          secret: config.BETA_TOKEN_SECRET,
          previousSecret: config.BETA_TOKEN_PREVIOUS_SECRET,
          fetch: { testHosts: config.OUTBOUND_TEST_HOSTS },
          storedImageSource: CatalogueStoredImageSource,
        }),
      ],
      controllers: [BetaController, ApiHealthController, AuthController, AccountController, OidcController, WardrobeController, ProductsController, ProfileController, SearchController, ListsController, RetentionController, PageWatchController, PriceAlertsController, SystemController, OpenApiController, DownloadsController, LiveEventsController, LiveEventsConsumer, ApiNotFoundController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        BetaTokenService,
        ListAnswerCache,
        ReadinessState,
        SpaService,
        JwtStrategy,
        SessionLiveness,
        // Shared by every replica through Redis (distributed); one process keeps it in memory (embedded).
        { provide: LIVE_EVENT_LOG, useFactory: (cache: Cache) => (cache instanceof RedisCache ? new RedisLiveEventLog(cache.redis, cache.prefix) : new MemoryLiveEventLog()), inject: [CACHE] },
        LiveStreams,
        { provide: RATE_LIMITERS, useFactory: (cache: Cache) => createRateLimiters(RATE_LIMITS, cache, config.RATE_LIMIT_MULTIPLIER), inject: [CACHE] },
        // The beta gate (a guard) runs before rate limits (an interceptor), so unauthorised noise is not counted.
        { provide: APP_GUARD, useClass: BetaTokenGuard },
        { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
