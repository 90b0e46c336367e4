import { types } from 'node:util';
import { DomainError } from './domain-error';

/** What a caller reads when an engine (database, cache, broker, search) cannot be reached: no address, no internals. */
export const ENGINE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** How long a client should wait before trying again after a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures: the engine is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** PostgreSQL: the server is shutting down, starting up or refusing connections (class 08 and 57P0x). */
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[1-4])$/;
/** What the drivers say when a connection goes away mid-use. */
const CONNECTION_LOST = /connection terminated|encountered a connection error|connection (is )?closed|terminating connection|the database system is (starting up|shutting down)|connection refused|socket hang up|stream isn't writeable|Connection is closed|No living connections|Broker not connected|KafkaJSConnectionError|KafkaJSNumberOfRetriesExceeded/i;
/** Error classes the engines' clients throw for a lost or missing connection (OpenSearch, ioredis, kafkajs). */
const CONNECTION_ERROR_NAMES = new Set(['ConnectionError', 'NoLivingConnectionsError', 'TimeoutError', 'MaxRetriesPerRequestError', 'KafkaJSConnectionError', 'KafkaJSNumberOfRetriesExceeded', 'KafkaJSBrokerNotFound']);

/**
 * Whether an error means an engine cannot be reached right now (rather than a
 * bug or a bad request): a network error code, a PostgreSQL availability
 * code, or a driver's connection error, on the error or anything in its
 * `cause` chain.
 */
export function isEngineOutage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === 'object') {
      const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
      if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
      if (typeof name === 'string' && CONNECTION_ERROR_NAMES.has(name) && types.isNativeError(current)) return true;
      if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The 503 an engine outage becomes: SERVICE_UNAVAILABLE with a Retry-After, never a 500 and never an address. */
export function engineUnavailable(): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', ENGINE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
}
