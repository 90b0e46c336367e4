import { z } from 'zod';
import { ConfigError, defaultPublicUrl, kafkaAuthOf, outboxPollMs, parseEnv, parseHostPort, PlatformEnv } from './env';

describe('parseEnv', () => {
  it('applies the defaults of the embedded mode', () => {
    const env = parseEnv(PlatformEnv, {});
    expect(env).toMatchObject({ CLOSETLY_MODE: 'embedded', DATA_DIR: './data', KAFKA_BROKERS: ['127.0.0.1:9092'], RPC_TIMEOUT_MS: 5000 });
  });

  it('lists every bad variable at once', () => {
    const error = (() => {
      try {
        parseEnv(PlatformEnv, { CLOSETLY_MODE: 'cloud', RPC_TIMEOUT_MS: 'soon', REDIS_URL: 'not a url' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/CLOSETLY_MODE/);
    expect(problems).toMatch(/RPC_TIMEOUT_MS/);
    expect(problems).toMatch(/REDIS_URL/);
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('serves metrics only when METRICS_PORT is set (empty is unset; 0 is a free port), on loopback unless told', () => {
    expect(parseEnv(PlatformEnv, {}).METRICS_PORT).toBeUndefined();
    expect(parseEnv(PlatformEnv, {}).METRICS_HOST).toBe('127.0.0.1');
    expect(parseEnv(PlatformEnv, { METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(parseEnv(PlatformEnv, { METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(parseEnv(PlatformEnv, { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0' });
    expect(() => parseEnv(PlatformEnv, { METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('splits and trims Kafka broker lists', () => {
    expect(parseEnv(PlatformEnv, { KAFKA_BROKERS: ' a:1 , b:2,' }).KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
  });

  it('works with any schema', () => {
    expect(() => parseEnv(z.object({ NEEDED: z.string() }), {})).toThrow(/NEEDED/);
  });
});

describe('parseHostPort', () => {
  it('reads host and port', () => {
    expect(parseHostPort('identity:4101')).toEqual({ host: 'identity', port: 4101 });
    expect(parseHostPort('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 });
  });

  it.each(['identity', ':4101', 'identity:', 'identity:99999', 'identity:x'])('refuses %p', (value) => {
    expect(() => parseHostPort(value)).toThrow(ConfigError);
  });
});

describe('defaultPublicUrl', () => {
  it('keeps a configured PUBLIC_URL', () => {
    expect(defaultPublicUrl({ PUBLIC_URL: 'https://closetly.example', PORT: '28080' })).toBe('https://closetly.example');
  });

  it('follows the gateway port when PUBLIC_URL is unset or blank', () => {
    expect(defaultPublicUrl({ PORT: '28080' })).toBe('http://localhost:28080');
    expect(defaultPublicUrl({ PUBLIC_URL: '  ', PORT: '9090' })).toBe('http://localhost:9090');
  });

  it('falls back to 8080 for no port, a random port (0) or nonsense', () => {
    expect(defaultPublicUrl({})).toBe('http://localhost:8080');
    expect(defaultPublicUrl({ PORT: '0' })).toBe('http://localhost:8080');
    expect(defaultPublicUrl({ PORT: 'eighty' })).toBe('http://localhost:8080');
    expect(defaultPublicUrl({ PORT: '70000' })).toBe('http://localhost:8080');
  });
});

describe('Kafka authentication and internal-call keys from the environment', () => {
  it('asks for no authentication unless a SASL mechanism is set, and then for its user and password', () => {
    expect(kafkaAuthOf(PlatformEnv.parse({}))).toEqual({ ssl: false });
    const scram = PlatformEnv.parse({ KAFKA_SSL: 'true', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'closetly-wardrobe', KAFKA_SASL_PASSWORD: 'pw' });
    expect(kafkaAuthOf(scram)).toEqual({ ssl: true, sasl: { mechanism: 'scram-sha-512', username: 'closetly-wardrobe', password: 'pw' } });
    expect(() => kafkaAuthOf(PlatformEnv.parse({ KAFKA_SASL_MECHANISM: 'plain' }))).toThrow(ConfigError);
    expect(() => PlatformEnv.parse({ KAFKA_SASL_MECHANISM: 'kerberos' })).toThrow();
  });

  it('reads a PEM written on one line with \\n (a .env file), treats empty as unset, and refuses text that is no PEM', () => {
    const oneLine = '-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----';
    expect(PlatformEnv.parse({ GATEWAY_CALLS_PUBLIC_KEY: oneLine }).GATEWAY_CALLS_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----');
    expect(PlatformEnv.parse({ GATEWAY_CALLS_PUBLIC_KEY: '' }).GATEWAY_CALLS_PUBLIC_KEY).toBeUndefined();
    expect(() => PlatformEnv.parse({ INTERNAL_CALLS_PRIVATE_KEY: 'not a key' })).toThrow(/BEGIN PRIVATE KEY/);
  });

  it('polls the outbox as a safety net only when embedded (every writer wakes the relay), twice a second when distributed, unless told', () => {
    expect(outboxPollMs(parseEnv(PlatformEnv, { CLOSETLY_MODE: 'embedded' }))).toBe(15_000);
    expect(outboxPollMs(parseEnv(PlatformEnv, { CLOSETLY_MODE: 'distributed' }))).toBe(500);
    expect(outboxPollMs(parseEnv(PlatformEnv, { CLOSETLY_MODE: 'embedded', OUTBOX_POLL_MS: '50' }))).toBe(50);
  });
});
