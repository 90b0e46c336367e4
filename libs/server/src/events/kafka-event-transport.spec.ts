import { KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError, KafkaJSTimeout } from 'kafkajs';
import { retryKafkaRound, eventHeaders, isRetriableKafkaError } from './kafka-event-transport';

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

describe('retryKafkaRound', () => {
  it('tries a round again while it fails in a way worth it, and gives up at once on any other failure', async () => {
    jest.useFakeTimers();
    try {
      const unknownTopic = protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3, true);
      let rounds = 0;
      const retried: number[] = [];
      const done = retryKafkaRound(
        async () => {
          rounds += 1;
          if (rounds < 3) throw unknownTopic;
        },
        (attempt) => retried.push(attempt),
      );
      await jest.runAllTimersAsync();
      await done;
      expect({ rounds, retried }).toEqual({ rounds: 3, retried: [1, 2] });
      await expect(retryKafkaRound(async () => Promise.reject(new Error('not authorized')))).rejects.toThrow('not authorized');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('eventHeaders', () => {
  it('carries an envelope’s correlation id and traceparent, and nothing for what is no envelope', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(eventHeaders({ correlationId: 'c-1', traceparent })).toEqual({ 'x-correlation-id': 'c-1', traceparent });
    expect(eventHeaders({ correlationId: 'c-1' })).toEqual({ 'x-correlation-id': 'c-1' });
    expect(eventHeaders({ not: 'an envelope' })).toEqual({});
    expect(eventHeaders(null)).toEqual({});
  });
});
