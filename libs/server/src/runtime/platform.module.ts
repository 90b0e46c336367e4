import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CACHE } from '../cache/cache';
import { EVENT_TRANSPORT } from '../events/event-transport';
import { HealthController } from '../health/health.controller';
import { RPC_CLIENT } from '../rpc/rpc-client';
import type { Platform } from './platform';
import { PLATFORM } from './tokens';

/** Makes the process's engines injectable everywhere: one instance per process. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(platform: Platform): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers: [
        { provide: PLATFORM, useValue: platform },
        { provide: EVENT_TRANSPORT, useValue: platform.events },
        { provide: CACHE, useValue: platform.cache },
        { provide: RPC_CLIENT, useValue: platform.rpc },
      ],
      exports: [PLATFORM, EVENT_TRANSPORT, CACHE, RPC_CLIENT],
    };
  }
}
