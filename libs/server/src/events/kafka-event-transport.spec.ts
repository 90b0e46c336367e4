import { KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError, KafkaJSTimeout } from 'kafkajs';
import { isRetriableKafkaError } from './kafka-event-transport';

// kafkajs's typings leave out the constructors' arguments; these are the errors as kafkajs builds them.
const protocolError = (type: string, code: number, retriable: boolean): Error =>
  new (KafkaJSProtocolError as unknown as new (details: object) => Error)({ message: type, type, code, retriable });
const timeout = (): Error => new (KafkaJSTimeout as unknown as new (message: string) => Error)('Timeout');
const retriesExceeded = (cause: Error): Error =>
  new (KafkaJSNumberOfRetriesExceeded as unknown as new (cause: Error, details: object) => Error)(cause, { retryCount: 2, retryTime: 200 });

describe('isRetriableKafkaError (topic creation tries again on these)', () => {
  it('tries again on what kafkajs marks retriable: an unknown topic a moment after another process created it, a timeout', () => {
    expect(isRetriableKafkaError(protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3, true))).toBe(true);
    expect(isRetriableKafkaError(timeout())).toBe(true);
    expect(isRetriableKafkaError(retriesExceeded(protocolError('LEADER_NOT_AVAILABLE', 5, true)))).toBe(true);
  });

  it('gives up at once on what another try cannot mend', () => {
    expect(isRetriableKafkaError(protocolError('TOPIC_AUTHORIZATION_FAILED', 29, false))).toBe(false);
    expect(isRetriableKafkaError(new Error('invalid config'))).toBe(false);
    expect(isRetriableKafkaError(undefined)).toBe(false);
  });
});
