import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';

/**
 * Where the real engines are. Tests read them from the environment with the
 * local defaults that `npm run infra:up` (or docker compose) provides.
 */
export const engines = {
  postgresUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  openSearchUrl: process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200',
};

export const uniqueName = (prefix: string): string => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** A fresh PostgreSQL database for one test file; `drop()` removes it. */
export async function createTestDatabase(prefix = 'closetly_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName(prefix);
  const admin = new Client({ connectionString: engines.postgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(engines.postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: engines.postgresUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Removes a test product's search alias and every physical index behind it (`<alias>-v<n>`); best effort. */
export async function removeSearchIndices(alias: string): Promise<void> {
  await fetch(`${engines.openSearchUrl}/${alias}*?ignore_unavailable=true&allow_no_indices=true`, { method: 'DELETE' }).catch(() => undefined);
}

/** Deletes every key a test product keeps in the machine's Redis (its CACHE_PREFIX), as a FLUSHALL would for it; answers how many. */
export async function removeCacheKeys(prefix: string): Promise<number> {
  if (!prefix) throw new Error('refusing to delete every key: a test product has a cache prefix of its own');
  const redis = new Redis(engines.redisUrl);
  try {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

/** The user id (`sub`) an access token names, read without checking it: for tests and tools that ask about their own user. */
export function subjectOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sub?: unknown };
  if (typeof payload.sub !== 'string') throw new Error('the token names no subject');
  return payload.sub;
}
