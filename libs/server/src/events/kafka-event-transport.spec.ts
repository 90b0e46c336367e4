import { KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError, KafkaJSTimeout } from 'kafkajs';
import { isRetriableKafkaError } from './kafka-event-transport';

describe('isRetriableKafkaError (topic creation tries again on these)', () => {
  it('tries again on what kafkajs marks retriable: an unknown topic a moment after another process created it, a timeout', () => {
    expect(isRetriableKafkaError(new KafkaJSProtocolError({ message: 'This server does not host this topic-partition', type: 'UNKNOWN_TOPIC_OR_PARTITION', code: 3, retriable: true }))).toBe(true);
    expect(isRetriableKafkaError(new KafkaJSTimeout('Timeout'))).toBe(true);
    const exhausted = new KafkaJSNumberOfRetriesExceeded(new KafkaJSProtocolError({ message: 'leader not available', type: 'LEADER_NOT_AVAILABLE', code: 5, retriable: true }), { retryCount: 2, retryTime: 200 });
    expect(isRetriableKafkaError(exhausted)).toBe(true);
  });

  it('gives up at once on what another try cannot mend', () => {
    expect(isRetriableKafkaError(new KafkaJSProtocolError({ message: 'Topic authorization failed', type: 'TOPIC_AUTHORIZATION_FAILED', code: 29, retriable: false }))).toBe(false);
    expect(isRetriableKafkaError(new Error('invalid config'))).toBe(false);
    expect(isRetriableKafkaError(undefined)).toBe(false);
  });
});
