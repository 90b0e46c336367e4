import 'reflect-metadata';
import { connectDistributedTransports, createHttpApp, createPlatform, PlatformEnv, ServiceAddressEnv } from '../../src';
import { ProbeModule } from './probe/probe.module';

/**
 * A probe consumer as its own process, for tests that must kill a consumer
 * at a precise moment. Env: DATABASE_URL, KAFKA_BROKERS, PROBE_GROUP,
 * PROBE_CRASH_AFTER_EFFECT_OF=<probe id> to die right after that probe's effect commits.
 */
async function main(): Promise<void> {
  const env = PlatformEnv.extend(ServiceAddressEnv.shape).parse({ ...process.env, CLOSETLY_MODE: 'distributed', OUTBOX_POLL_MS: '100' });
  const platform = await createPlatform({ env, addresses: env, processName: 'probe-consumer', needsDatabase: true });
  const app = await createHttpApp(platform, [ProbeModule.register({ consumer: 'probe', crashAfterEffectOf: process.env.PROBE_CRASH_AFTER_EFFECT_OF })]);
  await connectDistributedTransports(app, platform, { name: 'probe', rpcAddress: '127.0.0.1:0', consumesEvents: true, consumerGroup: process.env.PROBE_GROUP });
  await app.startAllMicroservices();
  await app.init();
  process.stdout.write('probe-consumer ready\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
