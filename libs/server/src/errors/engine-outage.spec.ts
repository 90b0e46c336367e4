import { DomainError } from './domain-error';
import { ENGINE_UNAVAILABLE_MESSAGE, engineUnavailable, isEngineOutage } from './engine-outage';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const named = (name: string, message = 'failed') => Object.assign(new Error(message), { name });

describe('isEngineOutage', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['PostgreSQL shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['PostgreSQL starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a PostgreSQL connection failure (08006)', withCode('08006')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a node-postgres client broken mid-transaction', new Error('Client has encountered a connection error and is not queryable')],
    ['ioredis with its connection closed', new Error('Connection is closed.')],
    ["OpenSearch's ConnectionError", named('ConnectionError', 'connect ECONNREFUSED 127.0.0.1:9200')],
    ["kafkajs's connection error", named('KafkaJSConnectionError', 'Connection error')],
    ['one wrapped in a cause', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('is an outage: %s', (_case, error) => {
    expect(isEngineOutage(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601')],
    ['a domain error', new DomainError('NOT_FOUND', 'Item not found')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is not an outage: %s', (_case, error) => {
    expect(isEngineOutage(error)).toBe(false);
  });
});

describe('engineUnavailable', () => {
  it('is a 503 code with a Retry-After and a message that names no address', () => {
    const error = engineUnavailable();
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ENGINE_UNAVAILABLE_MESSAGE, details: { retryAfterSeconds: 5 } });
    expect(error.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|localhost|:\d{2,5}/);
  });
});
