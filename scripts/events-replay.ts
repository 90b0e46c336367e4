import { describeReplay, kafkaAuthOf, parseEnv, parseReplayArguments, PlatformEnv, REPLAY_USAGE, replayDeadLetters, ReplayUsageError } from '@closetly/server';

/**
 * `npm run events:replay -- --topic <topic>.dlt [--since <ISO time>] [--dry-run]`: puts a dead-letter
 * topic's messages back on their topic, once each (libs/server/src/events/dead-letter-replay.ts), and
 * prints a line per dead letter. Distributed mode only: it reads the same KAFKA_* variables as the services.
 */
async function main(): Promise<void> {
  const args = parseReplayArguments(process.argv.slice(2));
  const env = parseEnv(PlatformEnv);
  if (env.CLOSETLY_MODE === 'embedded') {
    throw new ReplayUsageError(
      'CLOSETLY_MODE is embedded. The embedded product keeps its dead letters in the running process only (its log and the admin System panel show them) and they end with it, so there is nothing on a broker to replay. Set CLOSETLY_MODE=distributed and KAFKA_BROKERS to replay from Kafka.',
    );
  }
  const report = await replayDeadLetters({
    ...args,
    brokers: env.KAFKA_BROKERS,
    clientId: env.KAFKA_CLIENT_ID,
    auth: kafkaAuthOf(env),
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    groupPrefix: env.KAFKA_CONSUMER_GROUP_PREFIX,
  });
  process.stdout.write(`${describeReplay(report, args)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ReplayUsageError) process.stderr.write(`${error.message}\n${REPLAY_USAGE}\n`);
  else console.error(error);
  process.exit(1);
});
