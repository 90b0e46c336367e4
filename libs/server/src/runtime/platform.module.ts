import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CACHE } from '../cache/cache';
import { EVENT_TRANSPORT } from '../events/event-transport';
import { HealthController } from '../health/health.controller';
import { RPC_CLIENT } from '../rpc/rpc-client';
import type { Platform } from './platform';
import { METRICS, PLATFORM, PROCESS_ENV } from './tokens';

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
        { provide: PROCESS_ENV, useValue: platform.rawEnv },
        { provide: EVENT_TRANSPORT, useValue: platform.events },
        { provide: CACHE, useValue: platform.cache },
        { provide: RPC_CLIENT, useValue: platform.rpc },
        { provide: METRICS, useValue: platform.metrics },
      ],
      exports: [PLATFORM, PROCESS_ENV, EVENT_TRANSPORT, CACHE, RPC_CLIENT, METRICS],
    };
  }
}
