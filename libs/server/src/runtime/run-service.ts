import type { DynamicModule, Type } from '@nestjs/common';
import type { PlatformEnv, ServiceAddressEnv } from '../config/env';
import { closeOnSignals, connectDistributedTransports, createHttpApp } from './bootstrap';
import { createPlatform } from './platform';

export interface DistributedServiceOptions {
  name: string;
  module: Type | DynamicModule;
  env: PlatformEnv & ServiceAddressEnv;
  rpcAddress: string;
  http: { host: string; port: number };
  consumesEvents: boolean;
}

/**
 * Starts one service as its own process (distributed mode): TCP RPC, its
 * Kafka consumer group when it consumes events, and /health + /ready on HTTP.
 */
export async function runDistributedService(options: DistributedServiceOptions) {
  const env = { ...options.env, CLOSETLY_MODE: 'distributed' as const };
  const platform = await createPlatform({ env, addresses: options.env, processName: options.name, needsDatabase: true });
  const app = await createHttpApp(platform, [options.module]);
  const transports = await connectDistributedTransports(app, platform, { name: options.name, rpcAddress: options.rpcAddress, consumesEvents: options.consumesEvents });
  closeOnSignals(app, platform.logger, { rpc: transports.rpc });
  // Migrations run in init: the consumers start only once the service's own tables (its inbox) exist,
  // so a fresh database never fails a first event with "relation … does not exist".
  await app.init();
  await app.startAllMicroservices();
  await app.listen(options.http.port, options.http.host);
  platform.logger.info({ rpc: options.rpcAddress, http: `${options.http.host}:${options.http.port}` }, `${options.name} started`);
  return app;
}
